#!/bin/sh
# Event logger that fopen/fprintf/fcloses the log for each of 200k events: printout, strace -c, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/openlog.c" -o "$B/ol"
"$B/ol" "$B/events.log" 200000 > "$OUT/openlog-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/ol" "$B/events2.log" 200000 > /dev/null
(cd "$B" && rec p.data ./ol "$B/events3.log" 200000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
