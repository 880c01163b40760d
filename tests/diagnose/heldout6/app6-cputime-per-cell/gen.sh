#!/bin/sh
# A cell update loop timed with clock_gettime(CLOCK_PROCESS_CPUTIME_ID) around every cell: printout, perf report (kernel symbols included), strace -c.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cputime.c" -o "$B/ct" -lm
"$B/ct" 1000000 3 > "$OUT/cells-output.txt"
(cd "$B" && rec p.data ./ct 1000000 2 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
strace -c -o "$OUT/strace-c.txt" "$B/ct" 200000 1 > /dev/null
snap
