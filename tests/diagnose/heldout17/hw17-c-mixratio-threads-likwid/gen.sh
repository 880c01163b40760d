#!/bin/sh
# C OpenMP streaming update q = a*qa + b*qb + c over four 48 MB arrays: the program's table at 1
# and 2 threads (seconds and GB/s), likwid-bench triad at 1 and 2 threads (the machine's ceiling) and
# perf annotate of the loop.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/mixratio.c" -o "$B/mixratio"
show ./mixratio 6000000 12 1 2 > "$OUT/run.txt"
{ for t in 1 2; do echo "\$ likwid-bench -t triad -w S0:192MB:$t"; likwid-bench -t triad -w S0:192MB:$t 2>&1; done; } | head -90 > "$OUT/likwid-bench.txt"
rec p.data -- env OMP_NUM_THREADS=1 ./mixratio 6000000 12 1
perf annotate -i "$B/p.data" --stdio -l mix._omp_fn.0 2> /dev/null | clean | head -70 > "$OUT/perf-annotate.txt"
snap
