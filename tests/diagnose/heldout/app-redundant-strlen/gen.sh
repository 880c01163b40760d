#!/bin/sh
# strlen in the loop condition: callgrind call counts, perf report, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/upcase.c" -o "$B/up"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./up 20000 > /dev/null 2> /dev/null)
cp "$B/cg.out" "$OUT/callgrind.out"
(cd "$B" && rec p.data ./up 150000 > "$OUT/upcase-output.txt")
perf report -i "$B/p.data" --stdio --no-children -F overhead,comm,dso,sym 2> /dev/null > "$OUT/perf-report.txt"
snap
