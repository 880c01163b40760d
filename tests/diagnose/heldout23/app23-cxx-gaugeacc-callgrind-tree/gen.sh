#!/bin/sh
# Gauge accumulation, shipped build, 200000 readings under callgrind: callgrind_annotate --tree=caller.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/gaugeacc.cpp" -o "$B/gaugeacc"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./gaugeacc 20000 200000 > /dev/null 2>&1)
{ echo "\$ valgrind --tool=callgrind ./gaugeacc 20000 200000; callgrind_annotate --tree=caller callgrind.out"; cgtree cg.out 90; } > "$OUT/callgrind-tree.txt"
snap
