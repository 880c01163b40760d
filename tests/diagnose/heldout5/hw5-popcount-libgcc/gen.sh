#!/bin/sh
# Hamming distances with __builtin_popcountll built without a popcnt ISA flag: printout, perf report, objdump of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/popcnt.c" -o "$B/pc"
"$B/pc" 4096 40000 > "$OUT/popcnt-output.txt"
(cd "$B" && rec p.data ./pc 4096 40000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
disasm "$B/pc" main > "$OUT/objdump-main.txt"
snap
