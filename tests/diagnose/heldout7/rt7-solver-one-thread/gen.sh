#!/bin/sh
# Fortran OpenMP heat accumulation whose solver setup calls omp_set_num_threads(1): OMP_DISPLAY_ENV and printout at OMP_NUM_THREADS=2, printout at 1 thread, perf report by thread at OMP_NUM_THREADS=2.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp -J "$B" "$SRC/onethread.f90" -o "$B/ot"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true "$B/ot" 40 > "$OUT/run-2threads.txt" 2>&1
OMP_NUM_THREADS=1 "$B/ot" 40 > "$OUT/run-1thread.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./ot 40 > /dev/null)
perf report -i "$B/p.data" --stdio --no-children -g none --sort pid 2> /dev/null | head -30 > "$OUT/perf-report-by-thread.txt"
snap
