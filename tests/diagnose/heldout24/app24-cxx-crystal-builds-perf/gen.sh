#!/bin/sh
# Crystal growth (occupancy in std::set<long>): rows of the shipped build and -DBITMAP, and perf report -F overhead,sym,srcline (std::set inlined into main: the lines are in stl_tree.h).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/crystal.cpp" -o "$B/crystal"
g++ -O2 -g -DBITMAP "$SRC/crystal.cpp" -o "$B/crystal_bitmap"
{ for b in crystal crystal crystal_bitmap crystal_bitmap; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./crystal
{ echo "\$ perf record -e cpu-clock ./crystal; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-report.txt"
snap
