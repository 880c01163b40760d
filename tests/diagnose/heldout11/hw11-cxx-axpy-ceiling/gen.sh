#!/bin/sh
# C++ OpenMP axpy on 2 x 256 MB with 2 threads: the program's bandwidth (3 runs) and likwid-bench daxpy on 2 cores.
. "$(dirname "$0")/../_lib.sh"
g++ -O3 -march=native -fopenmp "$SRC/axpy.cpp" -o "$B/axpy"
for r in 1 2 3; do OMP_NUM_THREADS=2 show ./axpy; done > "$OUT/runs.txt"
k=daxpy_avx_fma; grep -q avx512f /proc/cpuinfo && k=daxpy_avx512_fma
show likwid-bench -t $k -w S0:1GB:2 > "$OUT/likwid-bench-daxpy.txt"
snap
