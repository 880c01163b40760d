#!/bin/sh
# Payroll: callgrind of 20000 employees, callgrind_annotate --tree=caller.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/payroll.c" -o "$B/payroll" -lm
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./payroll 20000 > run.out 2>&1)
{ echo "\$ valgrind --tool=callgrind ./payroll 20000; callgrind_annotate --tree=caller"; cgtree cg.out 90; } > "$OUT/callgrind-tree.txt"
snap
