#!/bin/sh
# Charge deposit, shipped build (std::map): the program's row and cg_annotate --auto=yes of a cachegrind run
# (cache simulation on) of 50000 particles, 4 steps.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/depomap.cpp" -o "$B/depomap"
show ./depomap > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./depomap 50000 4 > /dev/null 2>&1)
{ echo "\$ cg_annotate --auto=yes cachegrind.out"; cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -150; } > "$OUT/cg-annotate.txt"
snap
