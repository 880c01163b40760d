#!/bin/sh
# Pedigree depths, one run of 24000 individuals under cachegrind with the cache simulation (per-line D1/LL
# misses), and the run's own line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/ancestry.c" -o "$B/ancestry"
{ show ./ancestry 24000; } > "$OUT/run.txt"
{ echo "\$ valgrind --tool=cachegrind --cache-sim=yes ./ancestry 24000; cg_annotate --auto=yes"; CGLINES=90 cgsim cg.out ./ancestry 24000; } > "$OUT/cg_annotate.txt"
snap
