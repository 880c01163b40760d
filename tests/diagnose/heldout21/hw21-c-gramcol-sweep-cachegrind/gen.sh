#!/bin/sh
# Sensor column statistics: a size sweep (n = 256 to 4096, repetitions chosen so every row does 16.8 M
# element visits) and cg_annotate of a cachegrind run at n = 1024 (two passes).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gramcol.c" -o "$B/gramcol"
{ echo "\$ for n in 256 512 1024 2048 4096; do ./gramcol \$n \$((4096*4096/n/n)); done"; (cd "$B" && for n in 256 512 1024 2048 4096; do ./gramcol $n $((4096 * 4096 / n / n)); done); } > "$OUT/size-sweep.txt" 2>&1
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./gramcol 1024 2 > /dev/null 2>&1)
{ echo "\$ cg_annotate --auto=yes cachegrind.out"; cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120; } > "$OUT/cg_annotate.txt"
snap
