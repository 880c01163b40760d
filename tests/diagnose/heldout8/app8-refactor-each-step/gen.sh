#!/bin/sh
# implicit steps that re-run Gaussian elimination on an unchanged matrix: printouts at n=200 and 400, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/multisolve.c" -o "$B/ms" -lm
{ show "$B/ms" 200 30; show "$B/ms" 400 30; } > "$OUT/multisolve-output.txt"
(cd "$B" && rec p.data ./ms 400 60 > /dev/null)
report "$B/p.data" 15 > "$OUT/perf-report.txt"
annot "$B/p.data" gauss_solve 80 > "$OUT/perf-annotate.txt"
snap
