#!/bin/sh
# C++ reaction step reading cell states through std::map keyed by dense cell ids: the program's line
# in map mode and in vector mode (same states, same work), perf report --sort dso,sym and --sort srcline of map mode.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/statemap.cpp" -o "$B/statemap"
{ show ./statemap 200000 20 map; show ./statemap 200000 20 vector; } > "$OUT/run.txt"
rec p.data -- ./statemap 200000 20 map
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
prep --sort srcline --percent-limit 2 | clean > "$OUT/perf-report-srcline.txt"
snap
