#!/bin/sh
# Pollen dispersion update (20 M cells, 40 bytes per cell): the run log at 1 and 2 threads in double and with
# -DFLOAT (half the bytes), and likwid-bench -t stream on both cores (1 GB) in the same minute.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pollen.c" -o "$B/pollen"
gcc -O2 -g -fopenmp -DFLOAT "$SRC/pollen.c" -o "$B/pollen_f32"
{ for t in 1 2; do show env OMP_NUM_THREADS=$t ./pollen; done; for t in 1 2; do show env OMP_NUM_THREADS=$t ./pollen_f32; done; } > "$OUT/run.log"
{ echo "\$ likwid-bench -t stream -w S0:1GB:2"; likwid-bench -t stream -w S0:1GB:2 2>&1 | grep -E 'Cycles|Time|MByte/s|Iterations|Test|Threads|Size'; } > "$OUT/likwid-stream.txt"
snap
