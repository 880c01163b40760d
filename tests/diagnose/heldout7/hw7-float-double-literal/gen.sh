#!/bin/sh
# Float blend y = 0.7*x + 0.3*y (double literals) built -O3 -march=native: printout, objdump and perf annotate of blend.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g "$SRC/fltlit.c" -o "$B/fl"
"$B/fl" 200000 > "$OUT/blend-output.txt"
F=$(nm "$B/fl" | awk '$3 == "blend" {n = $3} $3 ~ /^blend[.]/ {c = $3} END {print (c != "") ? c : n}')
if [ -z "$F" ]; then F=main; fi
disasm "$B/fl" "$F" > "$OUT/objdump-$F.txt"
(cd "$B" && rec p.data ./fl 400000 > /dev/null)
annot "$B/p.data" "$F" 70 > "$OUT/perf-annotate-$F.txt"
snap
