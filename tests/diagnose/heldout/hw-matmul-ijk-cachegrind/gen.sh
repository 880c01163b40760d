#!/bin/sh
# Naive ijk matmul: cachegrind D1 misses, gcc remarks, perf annotate, program GFLOP/s.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopt-info-vec-all "$SRC/matmul_ijk.c" -o "$B/mm" 2> "$OUT/gcc-remarks.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./mm 200 > /dev/null 2> "$OUT/cachegrind.log")
cg_annotate "$B/cg.out" > "$OUT/cg_annotate.txt"
(cd "$B" && rec p.data ./mm 512 > "$OUT/matmul-output.txt" 2> /dev/null)
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
