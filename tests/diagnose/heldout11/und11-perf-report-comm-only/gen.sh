#!/bin/sh
# Only perf report --sort comm,dso of the 3-D smoothing run (every sample in the program itself).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/field3d.cpp" -o "$B/smooth3d"
rec p.data -- ./smooth3d 160 4
perf report -i "$B/p.data" --stdio --sort comm,dso 2> /dev/null | head -25 > "$OUT/perf-report-comm-dso.txt"
snap
