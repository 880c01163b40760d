#!/bin/sh
# pow() with constant integer exponents in the hot loop: program printout, objdump -d of main, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/powcall.c" -o "$B/pw" -lm
"$B/pw" > "$OUT/powcall-output.txt"
disasm "$B/pw" main > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./pw > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
