#!/bin/sh
# The same std::list program at one size: perf report by symbol, perf annotate of energy(), /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/plist.cpp" -o "$B/pl"
rec p.data ./pl 20000000 2000000 > /dev/null
report "$B/p.data" sym 30 > "$OUT/perf-report.txt"
annot "$B/p.data" "$(nm "$B/pl" | awk '/energy/ {print $3; exit}')" > "$OUT/perf-annotate-energy.txt"
(cd "$B" && /usr/bin/time -v ./pl 20000000 2000000) > "$OUT/time-v.txt" 2>&1
snap
