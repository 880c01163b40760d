#!/bin/sh
# Only strace -f -c of a 2-thread compute program (few syscalls, futex).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/lcgwork.c" -o "$B/lw"
OMP_NUM_THREADS=2 strace -f -c -o "$OUT/strace-f-c.txt" "$B/lw" > /dev/null
snap
