#!/bin/sh
# Soil columns: the size table at fixed work (n*n*reps = 33.5 M updates) from n = 256 to 4096, and cg_annotate
# --auto=yes of a cachegrind run at n = 1024, one sweep.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -cpp "$SRC/soilcol.f90" -o "$B/soilcol"
{ show ./soilcol 256 512; show ./soilcol 512 128; show ./soilcol 1024 32; show ./soilcol 2048 8; show ./soilcol 4096 2; } > "$OUT/sizes.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./soilcol 1024 1 > /dev/null 2>&1)
{ echo "\$ cg_annotate --auto=yes cachegrind.out"; cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120; } > "$OUT/cg-annotate.txt"
snap
