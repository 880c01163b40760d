#!/bin/sh
# C++ SpMV with the matrix in std::map<(row,col),double>: perf report --sort sym and perf annotate -l of main.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/mapspmv.cpp" -o "$B/spmv"
rec p.data -- ./spmv 300 40
perf report -i "$B/p.data" --stdio --no-children --sort sym --percent-limit 1 2> /dev/null | head -30 > "$OUT/perf-report-sym.txt"
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null | head -150 > "$OUT/perf-annotate-main.txt"
show ./spmv 300 20 > "$OUT/run.txt"
snap
