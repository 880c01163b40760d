#!/bin/sh
# Chemistry box model, shipped build only: the program's line and callgrind_annotate (inclusive
# functions, and the source annotated with inclusive costs) of a 300-step run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/specmap.cpp" -o "$B/specmap"
show ./specmap > "$OUT/run.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./specmap 300 > /dev/null 2>&1)
{ echo "\$ callgrind_annotate --inclusive=yes callgrind.out"; callgrind_annotate --inclusive=yes "$B/cg.out" 2> /dev/null | clean | head -60; } > "$OUT/callgrind-inclusive.txt"
{ echo "\$ callgrind_annotate --auto=yes --inclusive=yes callgrind.out"; callgrind_annotate --auto=yes --inclusive=yes "$B/cg.out" 2> /dev/null | clean | awk '/-- Auto-annotated source:/ {p = ($0 ~ /specmap.cpp/)} p' | head -120; } > "$OUT/callgrind-annotate.txt"
snap
