#!/bin/sh
# Gaussian weights exp(-x*x/2) over a 32 KB block built -O3 -march=native -ffast-math: printout, gcc vectorizer remarks, objdump of the hot function, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -ffast-math -g -fopt-info-vec "$SRC/gauss.c" -o "$B/gv" -lm 2> "$OUT/gcc-opt-info-vec.txt"
"$B/gv" 40000 > "$OUT/gauss-output.txt"
F=$(nm "$B/gv" | awk '$3 == "weights" {n = $3} $3 ~ /^weights[.]constprop/ {c = $3} END {print (c != "") ? c : n}')
disasm "$B/gv" "$F" > "$OUT/objdump-weights.txt"
(cd "$B" && rec p.data ./gv 20000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
