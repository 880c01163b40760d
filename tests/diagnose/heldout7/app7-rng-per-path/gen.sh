#!/bin/sh
# C++ Monte Carlo that seeds a new std::mt19937_64 for every photon path: printout, perf report, callgrind_annotate.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/mcpath.cpp" -o "$B/mc"
"$B/mc" 1000000 > "$OUT/mc-output.txt"
(cd "$B" && rec p.data ./mc 1000000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
CGLINES=100 cgrind "$B/mc" 100000 > "$OUT/callgrind-annotate.txt"
snap
