#!/bin/sh
# Undecidable: hwloc-ps -t of the running C OpenMP Kepler program, 2 threads bound one per core
# (OMP_PLACES=cores OMP_PROC_BIND=spread), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/kepler.c" -o "$B/kepler" -lm
(cd "$B" && { OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=spread ./kepler 4000 3000 > /dev/null 2>&1 & pid=$!
 sleep 0.5
 { echo "\$ hwloc-ps -t --pid $pid"; hwloc-ps -t --pid "$pid" 2>&1; } > hwloc.txt
 wait; })
cp "$B/hwloc.txt" "$OUT/hwloc-ps.txt"
snap
