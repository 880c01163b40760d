#!/bin/sh
# Amplitude trigger (data-dependent branch with work inside): the program on the raw record and the same
# samples sorted, and cg_annotate of cachegrind --branch-sim=yes on the raw record (200000 samples x 5 passes).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/trigger.c" -o "$B/trigger"
{ show ./trigger raw 1000000 60; show ./trigger sorted 1000000 60; } > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=cg.out ./trigger raw 200000 5 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -100 > "$OUT/cg_annotate-branch.txt"
snap
