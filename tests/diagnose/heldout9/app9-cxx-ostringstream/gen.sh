#!/bin/sh
# C++ results converted to text with a new std::ostringstream per value: the program's printout,
# perf report by shared object and symbol, callgrind_annotate --auto=yes --inclusive=yes.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/numfmt.cpp" -o "$B/nf"
show ./nf 1000000 per-value results.txt > "$OUT/numfmt-output.txt"
rec p.data ./nf 1000000 > /dev/null
report "$B/p.data" dso,sym 35 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./nf 50000 > /dev/null 2>&1)
callgrind_annotate --auto=yes --inclusive=yes "$B/cg.out" 2> /dev/null | head -100 > "$OUT/callgrind-annotate.txt"
snap
