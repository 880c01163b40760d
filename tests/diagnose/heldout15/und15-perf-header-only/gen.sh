#!/bin/sh
# Undecidable: perf report --header-only of a recording of the k-means program (machine, command
# line, event; no samples shown).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/kmeans.c" -o "$B/kmeans"
rec p.data -- ./kmeans 200000 6
{ echo "\$ perf report --header-only"; perf report -i "$B/p.data" --header-only 2> /dev/null; } | clean > "$OUT/perf-header.txt"
snap
