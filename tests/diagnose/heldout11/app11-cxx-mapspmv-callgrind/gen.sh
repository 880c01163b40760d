#!/bin/sh
# C++ SpMV with the matrix in std::map<(row,col),double>: callgrind_annotate --auto=yes (n=100^2),
# perf report --sort srcline and the run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/mapspmv.cpp" -o "$B/spmv"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./spmv 100 10) > "$OUT/callgrind.log" 2>&1
(cd "$B" && callgrind_annotate --auto=yes cg.out) 2> /dev/null > "$OUT/callgrind_annotate-auto.txt"
rec p.data -- ./spmv 300 40
perf report -i "$B/p.data" --stdio --no-children --sort srcline --percent-limit 1 2> /dev/null | head -30 > "$OUT/perf-report-srcline.txt"
show ./spmv 300 20 > "$OUT/run.txt"
snap
