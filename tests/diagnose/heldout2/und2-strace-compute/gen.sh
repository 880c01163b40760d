#!/bin/sh
# Only strace -c of a compute-bound sort: a handful of syscalls.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/bubble.c" -o "$B/bb"
strace -c -o "$OUT/strace-c.txt" "$B/bb" 15000 > /dev/null
snap
