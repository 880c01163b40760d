#!/bin/sh
# C OpenMP energy histogram with an omp atomic update of a shared 32-bin array per particle: the
# program at 1 and 2 threads, perf report --sort dso,sym and perf annotate (source lines) of the
# outlined parallel region of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ehist.c" -o "$B/ehist"
{ show env OMP_NUM_THREADS=1 ./ehist; show env OMP_NUM_THREADS=2 ./ehist; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./ehist
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
perf annotate -i "$B/p.data" --stdio -l -s main._omp_fn.0 2> /dev/null | clean | head -90 > "$OUT/perf-annotate.txt"
snap
