#!/bin/sh
# C++ FE assembly into std::map<pair<int,int>,double>: the printout, perf report --sort dso,sym,
# and callgrind (inclusive) of a 100 x 100 mesh annotated by callgrind_annotate.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/feassem.cpp" -o "$B/feassem"
show ./feassem 250 5 > "$OUT/run.txt"
rec p.data -- ./feassem 250 5
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./feassem 100 1 > /dev/null 2>&1)
callgrind_annotate --auto=yes --inclusive=yes "$B/cg.out" 2> /dev/null | clean | head -450 > "$OUT/callgrind_annotate.txt"
snap
