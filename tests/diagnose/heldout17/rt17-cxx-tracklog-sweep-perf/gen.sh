#!/bin/sh
# C++ OpenMP tracer advection logging every cell crossing into a shared vector under omp critical:
# the program's line at 1 and 2 threads, perf report --sort dso,sym and perf annotate of the
# outlined loop body at 2 threads.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/tracklog.cpp" -o "$B/tracklog"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./tracklog 400000 20"; (cd "$B" && OMP_NUM_THREADS=$t ./tracklog 400000 20); done; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./tracklog 400000 20
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
perf annotate -i "$B/p.data" --stdio -l main._omp_fn.0 2> /dev/null | clean | head -80 > "$OUT/perf-annotate.txt"
snap
