#!/bin/sh
# union-find without path compression on a chain: the program size-sweep table only.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/clusters.c" -o "$B/cl"
show "$B/cl" 2500 40000 > "$OUT/clusters-sweep.txt"
snap
