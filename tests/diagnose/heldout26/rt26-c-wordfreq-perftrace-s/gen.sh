#!/bin/sh
# Word frequency (OpenMP, 2 threads, the user's OMP_WAIT_POLICY=passive): perf trace -s (syscall summary per
# thread) of one run with its output.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/wordfreq.c" -o "$B/wordfreq"
{ echo "\$ export OMP_WAIT_POLICY=passive OMP_NUM_THREADS=2; perf trace -s ./wordfreq"; OMP_WAIT_POLICY=passive OMP_NUM_THREADS=2 ptrace_s ./wordfreq; } > "$OUT/perf-trace-s.txt"
snap
