#!/bin/sh
# Charge sum over 64-byte particle structs via a shuffled index: program printout, cachegrind (cg_annotate), perf annotate of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/aosgather.c" -o "$B/ag"
"$B/ag" > "$OUT/aosgather-output.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./ag 1000000 3 > /dev/null 2>&1)
cg_annotate --auto=yes --show-percs=yes "$B/cg.out" 2> /dev/null | head -120 > "$OUT/cg_annotate.txt" || cg_annotate "$B/cg.out" | head -120 > "$OUT/cg_annotate.txt"
(cd "$B" && rec p.data ./ag > /dev/null)
annot "$B/p.data" main 70 > "$OUT/perf-annotate.txt"
snap
