#!/bin/sh
# C++ 3-D smoothing: the program's printout, cachegrind's summary and cg_annotate --auto=yes.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/field3d.cpp" -o "$B/smooth3d"
show ./smooth3d 160 4 > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./smooth3d 96 2) > "$OUT/cachegrind.txt" 2>&1
(cd "$B" && cg_annotate --auto=yes cg.out) 2> /dev/null | awk '/-- Auto-annotated source: .*stl_/{s=1} /-- Auto-annotated source: .*field3d/{s=0} !s' | head -300 > "$OUT/cg_annotate.txt"
snap
