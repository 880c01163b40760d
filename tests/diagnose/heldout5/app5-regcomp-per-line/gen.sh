#!/bin/sh
# Log scan that compiles its regular expression for every line: printout, perf report, callgrind_annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/grepcount.c" -o "$B/gc"
"$B/gc" 100000 > "$OUT/grepcount-output.txt"
(cd "$B" && rec p.data ./gc 100000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
cgrind ./gc 3000 > "$OUT/callgrind-annotate.txt"
snap
