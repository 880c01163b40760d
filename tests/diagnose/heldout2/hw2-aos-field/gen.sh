#!/bin/sh
# Sum of one field of 64-byte records (array of structures): cachegrind, remarks, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -g -fopt-info-vec-all "$SRC/aos.c" -o "$B/ao" 2> "$OUT/gcc-remarks.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./ao 1000000 2 > /dev/null 2> "$OUT/cachegrind.log")
cg_annotate "$B/cg.out" > "$OUT/cg_annotate.txt"
"$B/ao" > "$OUT/aos-output.txt"
snap
