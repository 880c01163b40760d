#!/bin/sh
# C 3-D multigrid restriction on row-major arrays with the slowest index i innermost: the program's
# own size table (~16.7 M coarse updates per size) and cachegrind (cache simulation) of one
# restriction at n=96 annotated by cg_annotate --auto=yes.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/restrict3.c" -o "$B/restrict3"
show ./restrict3 > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./restrict3 96 1 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -150 > "$OUT/cg_annotate.txt"
snap
