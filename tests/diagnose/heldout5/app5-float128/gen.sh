#!/bin/sh
# Energy sum accumulated in __float128: printout, perf report, objdump of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/qsum.c" -o "$B/qs"
"$B/qs" > "$OUT/qsum-output.txt"
(cd "$B" && rec p.data ./qs > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
disasm "$B/qs" main > "$OUT/objdump-main.txt"
snap
