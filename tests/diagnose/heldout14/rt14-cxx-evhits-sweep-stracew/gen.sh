#!/bin/sh
# C++ OpenMP hit recording: every hit is appended to one shared std::vector under a std::mutex.
# The printout at 1 and 2 threads and strace -f -c -w (summary of wall time per system call,
# all threads) of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/evhits.cpp" -o "$B/evhits"
for t in 1 2; do show env OMP_NUM_THREADS=$t ./evhits 120000; done > "$OUT/run.txt"
{ echo "\$ OMP_NUM_THREADS=2 strace -f -c -w ./evhits 120000"; (cd "$B" && OMP_NUM_THREADS=2 strace -f -c -w -o strace.txt ./evhits 120000 > /dev/null 2>&1); cat "$B/strace.txt"; } > "$OUT/strace-fcw.txt"
snap
