#!/bin/sh
# C OpenMP waxpby over 1.5 GB (three arrays) at 1 and 2 threads (the program's printout), and
# likwid-bench's AVX stream kernel (the same 3-array pattern) on 2 GB at 1 and 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopenmp "$SRC/waxpby.c" -o "$B/waxpby"
{ for t in 1 2; do show env OMP_NUM_THREADS=$t OMP_PROC_BIND=spread ./waxpby 64000000 6; done; } > "$OUT/run.txt"
{ show likwid-bench -t stream_avx -w S0:2GB:1; show likwid-bench -t stream_avx -w S0:2GB:2; } > "$OUT/likwid-bench.txt"
snap
