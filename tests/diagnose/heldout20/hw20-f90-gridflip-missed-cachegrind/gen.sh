#!/bin/sh
# 2-D diffusion over a(nx,ny) with the first index outer: gfortran's -fopt-info-vec-missed report, a size
# table at ~10 M point updates per size, and cg_annotate of a cachegrind run at n=512 (4 sweeps).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopt-info-vec-missed -J "$B" "$SRC/gridflip.F90" -o "$B/gridflip" 2> "$B/missed.txt"
{ echo "\$ gfortran -O2 -g -fopt-info-vec-missed gridflip.F90 -o gridflip"; clean < "$B/missed.txt" | grep -v 'scalar_type' | head -40; } > "$OUT/opt-info-missed.txt"
{ echo "\$ for a in '256 150' '512 40' '1024 10' '2048 3'; do ./gridflip \$a; done"
  (cd "$B" && ./gridflip 256 150 && ./gridflip 512 40 && ./gridflip 1024 10 && ./gridflip 2048 3); } > "$OUT/size-table.txt" 2>&1
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./gridflip 512 4 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -110 > "$OUT/cg_annotate.txt"
snap
