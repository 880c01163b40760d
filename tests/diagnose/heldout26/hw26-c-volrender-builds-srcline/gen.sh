#!/bin/sh
# Volume rendering MIP: two runs each of the shipped build (x outer, y inner) and of -DROWS, then
# perf report -F overhead,sym,srcline of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/volrender.c" -o "$B/volrender"
gcc -O2 -g -DROWS "$SRC/volrender.c" -o "$B/volrender_rows"
{ for b in volrender volrender volrender_rows volrender_rows; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./volrender
{ echo "\$ perf record -e cpu-clock ./volrender; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
