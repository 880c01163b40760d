#!/bin/sh
# Hybrid MPI + OpenMP relaxation started as one rank with 2 OpenMP threads and Open MPI's binding
# (--bind-to core, also its default for 1-2 ranks): the terminal log of the run with
# --report-bindings and OMP_DISPLAY_AFFINITY=true.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -fopenmp "$SRC/hyb.c" -o "$B/hyb" -lm
show nproc > "$OUT/nproc.txt"
show env OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true mpirun --allow-run-as-root -np 1 --bind-to core --report-bindings ./hyb 2000000 100 > "$OUT/mpirun-log.txt"
snap
