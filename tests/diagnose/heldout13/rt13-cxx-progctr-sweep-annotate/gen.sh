#!/bin/sh
# C++ OpenMP photon packets with a shared std::atomic progress counter and an omp atomic energy
# sum: the program's printout at 1 and 2 threads (twice each) and perf annotate -l of the outlined
# parallel body at 2 threads.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/progctr.cpp" -o "$B/progctr"
for t in 1 2 1 2; do show env OMP_NUM_THREADS=$t ./progctr 20000000; done > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./progctr 20000000
prep --sort sym --percent-limit 2 > "$OUT/perf-report.txt"
perf annotate -i "$B/p.data" --stdio -l -s main._omp_fn.0 2> /dev/null | clean | head -120 > "$OUT/perf-annotate-omp-fn.txt"
snap
