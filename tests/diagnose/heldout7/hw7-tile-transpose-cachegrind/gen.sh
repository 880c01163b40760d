#!/bin/sh
# The same tiled transpose (2048x2048, leading dimension 2048) under cachegrind with cache simulation, and its printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/tiles.c" -o "$B/tl"
"$B/tl" 2048 2048 5 > "$OUT/transpose-output.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./tl 2048 2048 1 > /dev/null 2> cg.log)
cp "$B/cg.log" "$OUT/cachegrind-summary.txt"
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -120 > "$OUT/cg_annotate.txt"
snap
