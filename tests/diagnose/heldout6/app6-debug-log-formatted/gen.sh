#!/bin/sh
# A solver sweep that formats a debug line per cell through a levelled logger (threshold INFO): printout, perf report, strace -c, callgrind on a smaller run, the log file's size.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/logdbg.c" -o "$B/lg" -lm
"$B/lg" 2000000 "$B/solver.log" > "$OUT/solver-output.txt"
(cd "$B" && rec p.data ./lg 2000000 "$B/solver.log" > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
strace -c -o "$OUT/strace-c.txt" "$B/lg" 2000000 "$B/solver.log" > /dev/null
CGLINES=80 cgrind ./lg 200000 "$B/solver.log" > "$OUT/callgrind-annotate.txt"
ls -l "$B/solver.log" | sed "s|$B/||" > "$OUT/ls-log.txt"
snap
