#!/bin/sh
# Porosity update (loop nest i,j,k over p[k][j][i]): a size table at ~30 M cell updates per size,
# cachegrind of the program as written and of the interchanged build at n=96, and cg_diff of the two.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/porosity.c" -o "$B/porosity"
gcc -O2 -g -DGOOD "$SRC/porosity.c" -o "$B/porosity_kji"
{ echo "\$ for n in 32 64 128 256; do ./porosity \$n ...; done"
  (cd "$B" && ./porosity 32 900 h && ./porosity 64 110 && ./porosity 128 14 && ./porosity 256 2); } > "$OUT/size-table.txt" 2>&1
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.bad ./porosity 96 2 > /dev/null 2>&1)
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.good ./porosity_kji 96 2 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.bad" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate-porosity.txt"
{ echo "\$ cg_diff cg.good cg.bad   # interchanged build (k,j,i) -> the program as written (i,j,k)"; cg_diff "$B/cg.good" "$B/cg.bad" > "$B/cg.diff" 2>&1; cg_annotate --auto=no "$B/cg.diff" 2>&1 | clean | head -60; } > "$OUT/cg_diff.txt"
snap
