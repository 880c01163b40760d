#!/bin/sh
# Gamma spectrum (every event's bin incremented inside omp critical): runs at 1 and 2 threads and
# perf report --sort dso,sym of the 2-thread run (20 M events).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/spectra.cpp" -o "$B/spectra"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./spectra 20000000"; (cd "$B" && OMP_NUM_THREADS=$t ./spectra 20000000) 2>&1; done; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./spectra 20000000
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
