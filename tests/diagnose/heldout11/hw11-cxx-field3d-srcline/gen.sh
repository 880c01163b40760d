#!/bin/sh
# C++ 3-D smoothing: perf report --sort srcline (no call graphs) and /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/field3d.cpp" -o "$B/smooth3d"
rec p.data -- ./smooth3d 160 8
perf report -i "$B/p.data" --stdio --sort srcline --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-srcline.txt"
timev "$OUT/time-v.txt" ./smooth3d 160 4 > "$OUT/run.txt"
snap
