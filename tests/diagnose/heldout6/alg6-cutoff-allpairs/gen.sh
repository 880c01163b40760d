#!/bin/sh
# Cutoff pair energy at constant density testing every pair: printouts for n = 4000..32000, gcc missed-vectorization remarks, perf annotate of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopt-info-vec-missed "$SRC/cutoff.c" -o "$B/co" -lm 2> "$OUT/gcc-vec-missed.txt"
for n in 4000 8000 16000 32000; do "$B/co" $n; done > "$OUT/cutoff-sweep.txt"
(cd "$B" && rec p.data ./co 16000 > /dev/null)
annot "$B/p.data" main 70 > "$OUT/perf-annotate-main.txt"
snap
