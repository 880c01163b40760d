#!/bin/sh
# C++ OpenMP triad over std::vector at -O2 (scalar SSE code): program GB/s on 1 and 2 threads,
# three likwid-bench triad runs on both cores, objdump of the outlined loop.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/triad.cpp" -o "$B/triad"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./triad"; (cd "$B" && OMP_NUM_THREADS=$t ./triad 20000000 10); done; } > "$OUT/triad-output.txt" 2>&1
for _ in 1 2 3; do likwid-bench -t "$(bench_kernel triad)" -w S0:1GB:2; done > "$OUT/likwid-bench-triad.txt" 2>&1
disasm "$B/triad" "$(nm "$B/triad" | awk '/omp_fn/ && /triad/ {print $3; exit}')" > "$OUT/objdump-triad-omp_fn.txt"
snap
