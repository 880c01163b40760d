#!/bin/sh
# Heat exchanger at 2 threads: perf report --hierarchy (command, shared object, symbol) and the srcline
# shares of main, with the program's line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/exchanger.c" -o "$B/exchanger" -lm
OMP_NUM_THREADS=2 rec p.data -- ./exchanger
{ echo "\$ OMP_NUM_THREADS=2 ./exchanger"; (cd "$B" && OMP_NUM_THREADS=2 ./exchanger); } > "$OUT/run.txt"
{ echo "\$ perf report --hierarchy --sort comm,dso,sym"; phier 1; echo; echo "\$ perf report -F overhead,sym,srcline"; psrcf 2; } > "$OUT/perf.txt"
snap
