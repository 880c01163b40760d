#!/bin/sh
# Borehole well log: an excerpt of strace -tt (openat, write, close) of the shipped build, as a user pastes it.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/wellog.c" -o "$B/wellog" -lm
{ echo "\$ strace -tt -e trace=openat,write,close ./wellog 40000 2>&1 >/dev/null | tail -45"; stracett openat,write,close ./wellog 40000 | tail -45; } > "$OUT/strace_tt.txt"
snap
