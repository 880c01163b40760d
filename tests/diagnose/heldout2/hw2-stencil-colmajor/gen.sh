#!/bin/sh
# Jacobi stencil traversed column-wise over a row-major array: cachegrind, perf annotate, remarks.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopt-info-vec-all "$SRC/stencil_cm.c" -o "$B/st" 2> "$OUT/gcc-remarks.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./st 1 > /dev/null 2> "$OUT/cachegrind.log")
cg_annotate "$B/cg.out" > "$OUT/cg_annotate.txt"
(cd "$B" && rec p.data ./st 6 > "$OUT/stencil-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
