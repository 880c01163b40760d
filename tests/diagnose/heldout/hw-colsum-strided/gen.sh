#!/bin/sh
# Column-order sum of a row-major matrix: cachegrind, gcc remarks, program bandwidth.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopt-info-vec-all "$SRC/colsum.c" -o "$B/cs" 2> "$OUT/gcc-remarks.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./cs 1024 1 > /dev/null 2> "$OUT/cachegrind.log")
cg_annotate "$B/cg.out" > "$OUT/cg_annotate.txt"
"$B/cs" 4096 4 > "$OUT/colsum-output.txt"
snap
