#!/bin/sh
# Column sums over a std::vector<std::vector<double>> walked column by column: cachegrind with
# cg_annotate --auto=yes at n=1500, and the program's own size sweep.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/vvcol.cpp" -o "$B/vvcol"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./vvcol 1500 col 6000000) > "$OUT/cachegrind-run.txt" 2>&1
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -120 > "$OUT/cg_annotate.txt"
{ for n in 200 700 1500 3000; do show ./vvcol $n col 100000000; done; } > "$OUT/size-sweep.txt"
snap
