#!/bin/sh
# C99 complex multiply-accumulate in L1 at -O2: program printout and objdump -d of the loop function.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cmulacc.c" -o "$B/cm"
show "$B/cm" > "$OUT/filter-output.txt"
disasm "$B/cm" filter > "$OUT/objdump-filter.txt"
snap
