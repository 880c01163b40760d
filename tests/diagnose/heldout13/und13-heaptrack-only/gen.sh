#!/bin/sh
# Undecidable: heaptrack_print of the C++ Dijkstra program (N = 113), nothing else.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/dijkstra.cpp" -o "$B/dijkstra"
(cd "$B" && heaptrack -o ht ./dijkstra 113 > /dev/null 2>&1)
heaptrack_print "$B"/ht.*st 2> /dev/null | clean | head -200 > "$OUT/heaptrack-print.txt"
snap
