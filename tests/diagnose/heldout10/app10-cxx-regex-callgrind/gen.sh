#!/bin/sh
# The same parser: callgrind_annotate --inclusive=yes --auto=yes of 2000 lines and perf report by
# symbol (self time) of 30000 lines.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/regexline.cpp" -o "$B/parse"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./parse 2000) > "$OUT/callgrind-run.txt" 2>&1
callgrind_annotate --inclusive=yes --auto=yes "$B/cg.out" 2> /dev/null | head -120 > "$OUT/callgrind_annotate-inclusive.txt"
rec p.data -- ./parse 30000
perf report -i "$B/p.data" --stdio --no-children --sort sym --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-sym.txt"
snap
