#!/bin/sh
# Velocity-model smoothing with the nest ix-outer / iy-inner over s[iy][ix]: the compiler's vectorizer
# report (-fopt-info-vec-all) of the build, a size table at ~10 M point updates per size, and
# cg_annotate of a cachegrind run at n=512 (4 sweeps).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopt-info-vec-all "$SRC/velmod.c" -o "$B/velmod" 2> "$B/optinfo.txt"
{ echo "\$ gcc -O2 -g -fopt-info-vec-all velmod.c -o velmod"; clean < "$B/optinfo.txt" | head -60; } > "$OUT/opt-info.txt"
{ echo "\$ for a in '256 150' '512 40' '1024 10' '2048 3'; do ./velmod \$a; done"
  (cd "$B" && ./velmod 256 150 && ./velmod 512 40 && ./velmod 1024 10 && ./velmod 2048 3); } > "$OUT/size-table.txt" 2>&1
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./velmod 512 4 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate.txt"
snap
