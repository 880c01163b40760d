#!/bin/sh
# An update loop that formats a log line per element: perf record, strace -c, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/logloop.c" -o "$B/ll"
(cd "$B" && rec p.data ./ll 2000000 "$B/run.log" > "$OUT/logloop-output.txt")
perf report -i "$B/p.data" --stdio --no-children 2> /dev/null > "$OUT/perf-report.txt"
strace -c -o "$OUT/strace-c.txt" "$B/ll" 2000000 "$B/run2.log" > /dev/null
snap
