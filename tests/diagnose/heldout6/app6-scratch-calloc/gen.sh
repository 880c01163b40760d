#!/bin/sh
# Per-point 16-weight scratch array calloc'ed and freed for every point: printout, perf report, /usr/bin/time -v, callgrind on a smaller run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/tmpvec.c" -o "$B/tv"
"$B/tv" 4000000 > "$OUT/points-output.txt"
(cd "$B" && rec p.data ./tv 4000000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
/usr/bin/time -v "$B/tv" 4000000 > /dev/null 2> "$OUT/time-v.txt"
CGLINES=60 cgrind ./tv 300000 > "$OUT/callgrind-annotate.txt"
snap
