#!/bin/sh
# Neutron transport: the program's lines for energy grids of 2500 to 20000 points (same histories), and
# perf report -F overhead,sym,srcline of the 20000-point run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/neutron.c" -o "$B/neutron" -lm
{ for g in 2500 5000 10000 20000; do show ./neutron $g 2000; done; } > "$OUT/gridsweep.txt"
rec p.data -- ./neutron 20000 2000
{ echo "\$ perf record -e cpu-clock ./neutron 20000 2000; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf_srcline.txt"
snap
