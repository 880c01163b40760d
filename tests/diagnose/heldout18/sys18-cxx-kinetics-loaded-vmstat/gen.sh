#!/bin/sh
# The kinetics program on 2 threads three times on the quiet machine, then three times beside two
# stress-ng CPU hogs with vmstat 1 running across the loaded runs.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/kinetics.cpp" -o "$B/kinetics"
{ echo "# quiet"; for i in 1 2 3; do OMP_NUM_THREADS=2 show ./kinetics 4000 400; done; } > "$OUT/runs.txt"
load_on 2
vmwhile sh -c 'for i in 1 2 3; do OMP_NUM_THREADS=2 ./kinetics 4000 400; done > loaded2.txt'
load_off
{ echo "# the same, later (second batch)"; sed 's/^/$ .\/kinetics 4000 400\n/' "$B/loaded2.txt"; } >> "$OUT/runs.txt"
{ echo "\$ vmstat 1   # during the second batch"; cat "$B/vmstat.out"; } > "$OUT/vmstat.txt"
snap
