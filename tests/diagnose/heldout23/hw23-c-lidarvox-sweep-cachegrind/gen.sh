#!/bin/sh
# Lidar voxel column statistics: size sweep at fixed work (n*n*reps = 2^28 voxels), and cachegrind with the
# cache simulation (cg_annotate --auto=yes: per-line D1/LL misses) of a small run (n = 1024, 2^24 voxels).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/lidarvox.c" -o "$B/lidarvox"
{ for n in 256 512 1024 2048 4096; do show ./lidarvox $n; done; } > "$OUT/sweep.txt"
{ echo "\$ valgrind --tool=cachegrind --cache-sim=yes ./lidarvox 1024 16777216; cg_annotate --auto=yes"; cgsim cg.out ./lidarvox 1024 16777216; } > "$OUT/cg_annotate.txt"
snap
