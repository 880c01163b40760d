#!/bin/sh
# Volume rendering MIP, shipped build only: ns per pixel for four image sizes, and cachegrind with the
# cache simulation (cg_annotate with the source) at size 1024, 2 slices.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/volrender.c" -o "$B/volrender"
{ echo "size,slices,output"; for s in 512 1024 2048 3072; do printf '%s,12,' "$s"; (cd "$B" && ./volrender "$s" 12); done; } > "$OUT/sizes.csv"
{ echo "\$ valgrind --tool=cachegrind --cache-sim=yes ./volrender 1024 2; cg_annotate --auto=yes"; CGLINES=110 cgsim cg.out ./volrender 1024 2; } > "$OUT/cachegrind.txt"
snap
