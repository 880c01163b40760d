#!/bin/sh
# Mixed folder: the BFS beside two stress-ng CPU hogs. uptime/ps, the program's table, folded call
# stacks (FlameGraph input) from perf record -g of n = 2000, and the raw int32 distance field the
# program dumps (first 8 KB).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fno-omit-frame-pointer "$SRC/bfsfront.cpp" -o "$B/bfsfront"
load_on 2
loadsnap > "$OUT/load.txt"
show ./bfsfront > "$OUT/run.txt"
rec p.data -g -- ./bfsfront 2000 dist.bin
load_off
folded p.data 40 | clean > "$OUT/stacks.folded"
head -c 8192 "$B/dist.bin" > "$OUT/dist.bin"
snap
