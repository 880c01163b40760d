#!/bin/sh
# C99 complex multiply-accumulate in L1 at -O2: program printout, perf report, perf annotate and objdump -d of the loop function.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cmulacc.c" -o "$B/cm"
show "$B/cm" > "$OUT/filter-output.txt"
(cd "$B" && rec p.data ./cm > /dev/null 2>&1)
report "$B/p.data" 25 > "$OUT/perf-report.txt"
annot "$B/p.data" filter 90 > "$OUT/perf-annotate-filter.txt"
disasm "$B/cm" filter > "$OUT/objdump-filter.txt"
snap
