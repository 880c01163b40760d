#!/bin/sh
# An out-of-line helper called in the hot loop at -O3 -march=native: vectorizer remarks, perf annotate, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopt-info-vec-all "$SRC/shape_call.c" -o "$B/sh" 2> "$OUT/gcc-remarks.txt"
(cd "$B" && rec p.data ./sh > "$OUT/shape-output.txt")
perf annotate -i "$B/p.data" --stdio -l 2> /dev/null | head -150 > "$OUT/perf-annotate.txt"
snap
