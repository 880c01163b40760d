#!/bin/sh
# The same C++ triad built at -O2 and at -O3 -march=native, 1 and 2 threads (the user's own table),
# one likwid-bench stream run on both cores, perf annotate of the -O3 loop.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/triad.cpp" -o "$B/t2"
g++ -O3 -march=native -g -fopenmp "$SRC/triad.cpp" -o "$B/t3"
{ for b in t2 t3; do for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./$b   # $b: $( [ $b = t2 ] && echo '-O2' || echo '-O3 -march=native')"; (cd "$B" && OMP_NUM_THREADS=$t ./$b 20000000 10); done; done; } > "$OUT/build-thread-table.txt" 2>&1
likwid-bench -t "$(bench_kernel stream)" -w S0:1GB:2 > "$OUT/likwid-bench-stream.txt" 2>&1
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -g -o p.data ./t3 20000000 10 > /dev/null)
sym=$(nm "$B/t3" | awk '/omp_fn/ && /triad/ {print $3; exit}')
annot "$B/p.data" "$sym" > "$OUT/perf-annotate-O3.txt"
snap
