#!/bin/sh
# What a user pasted: strace -c -f of their program (the -DSIMD energy build) with its output line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp-simd -DSIMD "$SRC/pitchstats.c" -o "$B/energy"
{ echo "\$ strace -c -f ./energy"; stracec ./energy; } > "$OUT/strace-c.txt"
snap
