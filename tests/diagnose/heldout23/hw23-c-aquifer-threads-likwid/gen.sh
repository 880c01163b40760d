#!/bin/sh
# Aquifer head update (24 M cells, 32 bytes per cell): the run log at 1 and 2 threads, the same with
# -DFLOAT (half the bytes), and likwid-bench copy and daxpy on both cores (1 GB working set) in the same minute.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/aquifer.c" -o "$B/aquifer"
gcc -O2 -g -fopenmp -DFLOAT "$SRC/aquifer.c" -o "$B/aquifer_f32"
{ for t in 1 2; do show env OMP_NUM_THREADS=$t ./aquifer; done; for t in 1 2; do show env OMP_NUM_THREADS=$t ./aquifer_f32; done; } > "$OUT/run.log"
{ echo "\$ likwid-bench -t copy -w S0:1GB:2"; likwid-bench -t copy -w S0:1GB:2 2>&1 | grep -E 'Cycles|Time|MByte/s|Iterations|Test|Threads|Size'; echo; echo "\$ likwid-bench -t daxpy -w S0:1GB:2"; likwid-bench -t daxpy -w S0:1GB:2 2>&1 | grep -E 'Cycles|Time|MByte/s|Iterations|Test|Threads|Size'; } > "$OUT/likwid-bench.txt"
snap
