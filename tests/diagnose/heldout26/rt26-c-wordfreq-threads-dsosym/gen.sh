#!/bin/sh
# Word frequency (OpenMP): the shipped build at 1 and 2 threads, -DPRIV at 2 threads, and perf report
# --sort dso,sym of the shipped build at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/wordfreq.c" -o "$B/wordfreq"
gcc -O2 -g -fopenmp -DPRIV "$SRC/wordfreq.c" -o "$B/wordfreq_priv"
{ show env OMP_NUM_THREADS=1 ./wordfreq; show env OMP_NUM_THREADS=2 ./wordfreq; show env OMP_NUM_THREADS=2 ./wordfreq_priv; show env OMP_NUM_THREADS=1 ./wordfreq_priv; } > "$OUT/runs.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./wordfreq
{ echo "\$ OMP_NUM_THREADS=2 perf record -e cpu-clock ./wordfreq; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-dsosym.txt"
snap
