#!/bin/sh
# union-find without path compression on a chain: gprof flat profile + call graph and the size sweep.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/clusters.c" -o "$B/cl"
(cd "$B" && show ./cl 2500 20000) > "$OUT/clusters-sweep.txt"
gprofrun "$B/cl" 2500 20000 > "$OUT/gprof.txt"
snap
