#!/bin/sh
# Tiled transpose of a 4096x4096 double matrix with leading dimension 4096: the program's printout and perf report/annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/tiles.c" -o "$B/tl"
"$B/tl" 4096 4096 5 > "$OUT/transpose-output.txt"
(cd "$B" && rec p.data ./tl 4096 4096 5 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
annot "$B/p.data" main 60 > "$OUT/perf-annotate-main.txt"
snap
