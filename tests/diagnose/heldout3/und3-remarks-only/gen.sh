#!/bin/sh
# Only the vectorizer remarks of the initialise-and-smooth program at -O3: no run-time data at all.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -fopenmp -fopt-info-vec-all -c "$SRC/initser.c" -o "$B/is.o" 2> "$OUT/gcc-remarks.txt"
snap
