#!/bin/sh
# Running mean recomputed from the first sample for every output: size sweep printout (n = 5k..40k), perf annotate of running_mean, callgrind_annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/runavg.c" -o "$B/ra"
for n in 5000 10000 20000 40000; do "$B/ra" "$n"; done > "$OUT/sweep-output.txt"
(cd "$B" && rec p.data ./ra 40000 > /dev/null)
annot "$B/p.data" running_mean 60 > "$OUT/perf-annotate.txt"
cgrind ./ra 6000 > "$OUT/callgrind-annotate.txt"
snap
