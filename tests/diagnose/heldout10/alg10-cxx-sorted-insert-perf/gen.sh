#!/bin/sh
# The same program at 150000 events: perf report by dso,sym (no call graph) and /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/sortins.cpp" -o "$B/sortins"
rec p.data -- ./sortins 150000
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym --percent-limit 0.5 2> /dev/null | head -30 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && /usr/bin/time -v ./sortins 150000) > "$OUT/time-v.txt" 2>&1
snap
