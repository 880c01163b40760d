#!/bin/sh
# Only `scontrol show job` taken while a 2-CPU batch job runs a 2-thread OpenMP program (the ocean/land tracer update).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -fopenmp "$SRC/ocean.cpp" -o "$B/oc"
J=$(sbatch --parsable -n 1 -c 2 -o /dev/null --export=ALL,OMP_NUM_THREADS=2 --wrap "$B/oc 6")
i=0; while [ "$(squeue -h -j "$J" -o %T 2> /dev/null)" != RUNNING ] && [ $i -lt 100 ]; do sleep 0.2; i=$((i + 1)); done
scontrol show job "$J" > "$OUT/scontrol-show-job.txt"
while squeue -h -j "$J" 2> /dev/null | grep -q .; do sleep 0.5; done
snap
