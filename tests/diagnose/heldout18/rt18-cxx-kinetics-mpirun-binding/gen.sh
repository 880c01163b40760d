#!/bin/sh
# The OpenMP kinetics program launched the way the user's job script does it, with mpirun -np 1
# (Open MPI binds a lone rank to one core), OMP_NUM_THREADS=1 and 2, --report-bindings and
# OMP_DISPLAY_AFFINITY on; then the same binary started directly with 1 and 2 threads.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/kinetics.cpp" -o "$B/kinetics"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t OMP_DISPLAY_AFFINITY=true mpirun -np 1 --report-bindings ./kinetics 4000 300"
    OMP_NUM_THREADS=$t OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT='thread %n affinity %A' mpi -np 1 --report-bindings ./kinetics 4000 300 2>&1; done; } > "$OUT/mpirun-runs.txt"
{ OMP_NUM_THREADS=1 show ./kinetics 4000 300; OMP_NUM_THREADS=2 show ./kinetics 4000 300; } > "$OUT/direct-runs.txt"
snap
