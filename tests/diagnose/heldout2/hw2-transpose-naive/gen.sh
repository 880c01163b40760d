#!/bin/sh
# Naive out-of-place transpose: callgrind with the cache simulator, perf report by source line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/transpose.c" -o "$B/tp"
(cd "$B" && valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file=cg.out ./tp 1024 1 > /dev/null 2> /dev/null)
cp "$B/cg.out" "$OUT/callgrind.out"
(cd "$B" && rec p.data ./tp 4096 3 > "$OUT/transpose-output.txt")
perf report -i "$B/p.data" --stdio --no-children --sort srcline 2> /dev/null > "$OUT/perf-report-srcline.txt"
snap
