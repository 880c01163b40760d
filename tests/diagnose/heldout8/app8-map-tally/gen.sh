#!/bin/sh
# per-cell hit tally in std::map<long,long>: printout and perf report.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/tally.cpp" -o "$B/ta"
show "$B/ta" 1000000 > "$OUT/tally-output.txt"
(cd "$B" && rec p.data ./ta 1000000 > /dev/null)
report "$B/p.data" 30 > "$OUT/perf-report.txt"
snap
