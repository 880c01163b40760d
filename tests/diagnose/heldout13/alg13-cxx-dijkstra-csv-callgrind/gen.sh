#!/bin/sh
# C++ Dijkstra with a linear scan for the next vertex on N x N grid graphs: /usr/bin/time of a size
# sweep as CSV and callgrind --dump-instr=yes annotated by callgrind_annotate --auto=yes (small N).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/dijkstra.cpp" -o "$B/dijkstra"
echo "n,vertices,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/size-sweep.csv"
for n in 57 80 113 160; do csvtime "$OUT/size-sweep.csv" "$n,$((n * n))" ./dijkstra $n; done
(cd "$B" && valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=cg.out ./dijkstra 40 > /dev/null 2>&1)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -150 > "$OUT/callgrind-annotate.txt"
snap
