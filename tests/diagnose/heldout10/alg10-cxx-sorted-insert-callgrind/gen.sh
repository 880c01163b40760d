#!/bin/sh
# C++ event times kept sorted by vector::insert: the program's size sweep (CPU time) and
# callgrind_annotate --inclusive=yes of a run at 20000 events with the source of sortins.cpp.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/sortins.cpp" -o "$B/sortins"
{ for n in 25000 50000 100000 200000; do show ./sortins $n; done; } > "$OUT/size-sweep.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./sortins 20000) > "$OUT/callgrind-run.txt" 2>&1
callgrind_annotate --inclusive=yes "$B/cg.out" "$SRC/sortins.cpp" 2> /dev/null | sed "s|$SRC/||g" > "$OUT/callgrind_annotate-inclusive.txt"
snap
