#!/bin/sh
# Lidar voxel column statistics at n = 4096: the -O2 build's -fopt-info-vec-missed report for the file,
# the run, and perf annotate -l (per-line summary) of main.
. "$(dirname "$0")/../_lib.sh"
(cd "$B" && gcc -O2 -g -fopt-info-vec-missed "$SRC/lidarvox.c" -o lidarvox 2> optinfo.raw)
{ echo "\$ gcc -O2 -g -fopt-info-vec-missed lidarvox.c -o lidarvox"; clean < "$B/optinfo.raw" | grep 'lidarvox.c:2[0-9]' | head -30; } > "$OUT/build-optinfo.txt"
{ show ./lidarvox 4096; } > "$OUT/run.txt"
rec p.data -- ./lidarvox 4096
{ echo "\$ perf annotate --stdio -l main"; annotl main 70; } > "$OUT/perf-annotate.txt"
snap
