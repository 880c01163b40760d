#!/bin/sh
# In-cache quadratic update at -O2 (gcc 12 very-cheap vector cost model): printout, -fopt-info-vec-missed, perf annotate of update, objdump of update.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopt-info-vec-missed "$SRC/axpbyc.c" -o "$B/ax" 2> "$OUT/gcc-O2-vec-missed.txt"
"$B/ax" > "$OUT/axpbyc-output.txt"
(cd "$B" && rec p.data ./ax > /dev/null)
annot "$B/p.data" update 60 > "$OUT/perf-annotate-update.txt"
disasm "$B/ax" update > "$OUT/objdump-update.txt"
snap
