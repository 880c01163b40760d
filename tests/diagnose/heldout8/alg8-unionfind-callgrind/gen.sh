#!/bin/sh
# union-find without path compression on a chain: size sweep and callgrind_annotate at n=4000 and n=8000.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/clusters.c" -o "$B/cl"
show "$B/cl" 2500 20000 > "$OUT/clusters-sweep.txt"
CGLINES=60 cgrind ./cl 4000 4000 > "$OUT/callgrind-n4000.txt"
CGLINES=60 cgrind ./cl 8000 8000 > "$OUT/callgrind-n8000.txt"
snap
