#!/bin/sh
# C++ running median that sorts each window: printouts for windows 51, 101, 201, 401 and perf report at window 201.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/runmed.cpp" -o "$B/rm"
for w in 51 101 201 401; do "$B/rm" 100000 $w; done > "$OUT/median-sweep.txt"
(cd "$B" && rec p.data ./rm 100000 201 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
