#!/bin/sh
# fprintf of every value with %.17g: perf report, strace -f -c, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/printheavy.c" -o "$B/ph"
(cd "$B" && rec p.data ./ph 3000000 values.txt > "$OUT/printheavy-output.txt")
perf report -i "$B/p.data" --stdio --no-children -F overhead,comm,dso,sym 2> /dev/null > "$OUT/perf-report.txt"
(cd "$B" && strace -f -c -o "$OUT/strace-fc.txt" ./ph 1000000 values.txt > /dev/null)
snap
