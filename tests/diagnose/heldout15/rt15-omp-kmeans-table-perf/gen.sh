#!/bin/sh
# C OpenMP k-means (300 K points, 16 clusters, 10 iterations) with a serial qsort of the points by
# cluster and a serial centroid update every iteration: the program's own phase table at 1 and 2
# threads, and perf report --sort sym of the whole run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/kmeans.c" -o "$B/kmeans"
show ./kmeans 300000 10 > "$OUT/run.txt"
rec p.data -- ./kmeans 300000 10
{ echo "\$ perf report --stdio --no-children --sort sym"; prep --sort sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
snap
