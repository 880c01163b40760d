#!/bin/sh
# Only gcc -fopt-info-vec-all remarks of the qsort/strtod program (no timing).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -ftree-vectorize -fopt-info-vec-all -c "$SRC/qsortkey.c" -o "$B/qk.o" 2> "$OUT/gcc-remarks.txt"
snap
