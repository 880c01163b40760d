#!/bin/sh
# The polynomial program's own printout (time and GFLOP/s) and nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native "$SRC/poly.c" -o "$B/poly"
"$B/poly" > "$OUT/poly-output.txt"
snap
