#!/bin/sh
# Track scoring, shipped build: the program's row and heaptrack_print's summary (allocations, temporary
# allocations, peak) of a heaptrack run of the same size.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/trkfit.cpp" -o "$B/trkfit"
show ./trkfit 40 2000 > "$OUT/run.txt"
(cd "$B" && heaptrack -o "$B/ht" ./trkfit 40 2000 > /dev/null 2>&1)
{ echo "\$ heaptrack_print -p 0 -a 1 -T 1 -n 1 -s 1 heaptrack.trkfit.zst"; heaptrack_print -f "$B"/ht*.zst -p 0 -a 1 -T 1 -n 1 -s 1 2> /dev/null | grep -v '^\s*$' | clean; } > "$OUT/heaptrack.txt"
snap
