#!/bin/sh
# The same direct DFT built with -pg: gprof flat profile and call graph at N = 4096, and the program's printout at N = 2048 and 4096.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/dft.c" -o "$B/dft" -lm
(cd "$B" && for n in 2048 4096; do ./dft $n; done) > "$OUT/dft-output.txt"
gprofrun "$B/dft" 4096 > "$OUT/gprof.txt"
snap
