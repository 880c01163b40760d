#!/bin/sh
# sqrt/divide kernel on an L1-resident block built with -O3 -march=native: printout, objdump -d of main, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -fno-math-errno -g "$SRC/sqrtpk.c" -o "$B/sq" -lm
"$B/sq" > "$OUT/sqrt-output.txt"
disasm "$B/sq" main > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./sq > /dev/null)
annot "$B/p.data" main 70 > "$OUT/perf-annotate.txt"
snap
