#!/bin/sh
# OpenMP histogram with an omp atomic per particle: printout and objdump -d of the outlined parallel function.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/histo.c" -o "$B/hi"
OMP_NUM_THREADS=2 show "$B/hi" > "$OUT/histo-output.txt"
disasm "$B/hi" main._omp_fn.0 > "$OUT/objdump-omp-fn.txt"
snap
