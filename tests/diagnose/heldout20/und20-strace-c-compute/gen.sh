#!/bin/sh
# What a user pasted: strace -c -f of a 2-thread luminosity run (a compute code: few system calls).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lumin.c" -o "$B/lumin"
{ echo "\$ OMP_NUM_THREADS=2 strace -c -f ./lumin 4000 > /dev/null"; (cd "$B" && OMP_NUM_THREADS=2 strace -c -f ./lumin 4000 > /dev/null) 2>&1; } > "$OUT/strace-c.txt"
snap
