#!/bin/sh
# Ocean field output: strace -c -f of the shipped build (syscall counts and times) after the program's own line.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/oceandump.F90" -o "$B/oceandump"
{ echo "\$ strace -c -f ./oceandump"; stracec ./oceandump; } > "$OUT/strace-c.txt"
snap
