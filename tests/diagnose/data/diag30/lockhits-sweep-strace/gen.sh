#!/bin/bash
# a thread sweep in one printout (the command lines set OMP_NUM_THREADS) and strace -f -c -w
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp -o "$B/lockhits" "$SRC/lockhits.cpp"
snap
cd "$B"
{ for t in 1 2; do echo "\$ env OMP_NUM_THREADS=$t ./lockhits 10000000"; env OMP_NUM_THREADS=$t ./lockhits 10000000; done; } > "$D/run.txt" 2>&1
OMP_NUM_THREADS=2 strace -f -c -w -o "$B/strace.out" ./lockhits 10000000 > /dev/null
{ echo "\$ OMP_NUM_THREADS=2 strace -f -c -w ./lockhits 10000000"; cat "$B/strace.out"; } > "$D/strace-fcw.txt"
