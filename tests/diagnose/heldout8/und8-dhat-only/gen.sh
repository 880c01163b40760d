#!/bin/sh
# valgrind DHAT summary of the union-find program only.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/clusters.c" -o "$B/cl"
(cd "$B" && valgrind --tool=dhat --dhat-out-file=dh.out ./cl 1000 4000 > /dev/null 2> "$OUT/dhat-summary.txt")
snap
