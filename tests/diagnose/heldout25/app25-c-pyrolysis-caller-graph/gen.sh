#!/bin/sh
# Biomass pyrolysis: perf report -g caller of a DWARF call-graph recording (call graph of exp), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pyrolysis.c" -o "$B/pyrolysis" -lm
recg pg.data -- ./pyrolysis 20000 200
{ echo "\$ perf record --call-graph dwarf ./pyrolysis 20000 200; perf report -g caller"; pcaller pg.data 1 70; } > "$OUT/perf_caller.txt"
snap
