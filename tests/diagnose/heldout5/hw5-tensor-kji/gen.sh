#!/bin/sh
# 3-D field update with loops k,j,i (i innermost, stride n*n): printout, cachegrind (cg_annotate), perf annotate of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/tensor.c" -o "$B/tn"
"$B/tn" 200 3 > "$OUT/tensor-output.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./tn 64 1 > /dev/null 2>&1)
cg_annotate --auto=yes --show-percs=yes "$B/cg.out" 2> /dev/null | head -120 > "$OUT/cg_annotate.txt" || cg_annotate "$B/cg.out" | head -120 > "$OUT/cg_annotate.txt"
(cd "$B" && rec p.data ./tn 200 2 > /dev/null)
annot "$B/p.data" main 70 > "$OUT/perf-annotate.txt"
snap
