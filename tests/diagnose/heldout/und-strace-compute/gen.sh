#!/bin/sh
# strace -c of an arithmetic program: a handful of syscalls.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/serialwork.c" -o "$B/sw"
OMP_NUM_THREADS=1 strace -c -o "$OUT/strace-c.txt" "$B/sw" 100000000 > /dev/null
snap
