#!/bin/sh
# Heat exchanger: the program's phase lines (serial shell march, parallel tube update) at 1 and 2 threads, and a
# perf report per thread (--sort pid,sym) of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/exchanger.c" -o "$B/exchanger" -lm
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./exchanger"; (cd "$B" && OMP_NUM_THREADS=$t ./exchanger); done; } > "$OUT/runs.txt"
OMP_NUM_THREADS=2 rec p.data -- ./exchanger
{ echo "\$ OMP_NUM_THREADS=2 perf record -e cpu-clock ./exchanger; perf report --sort pid,sym"; ptid 1; } > "$OUT/perf_threads.txt"
snap
