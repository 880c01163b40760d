#!/bin/sh
# One MPI rank with 2 OpenMP threads launched with mpirun --bind-to core: --report-bindings and OMP_DISPLAY_AFFINITY mixed with the printout, a 1-thread printout.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -fopenmp "$SRC/hybrid_pi.c" -o "$B/hy"
OMP_NUM_THREADS=1 mpirun -np 1 --bind-to core "$B/hy" 800000000 > "$OUT/run-1thread.txt" 2>&1
OMP_NUM_THREADS=2 mpirun -np 1 --bind-to core --report-bindings -x OMP_DISPLAY_AFFINITY=true "$B/hy" 800000000 > "$OUT/run-2threads.txt" 2>&1
snap
