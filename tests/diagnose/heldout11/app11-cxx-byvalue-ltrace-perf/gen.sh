#!/bin/sh
# C++ weighted row norms, the weight table passed by value: ltrace -c (1000 rows), perf report --sort
# dso,sym with caller graphs and the run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/byvalue.cpp" -o "$B/norms"
(cd "$B" && ltrace -c -o ltrace-c.txt ./norms 1000 64 1 > /dev/null); cp "$B/ltrace-c.txt" "$OUT/ltrace-c.txt"
rec p.data -g -- ./norms 100000 64 8
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym -g caller,2,callee --percent-limit 3 2> /dev/null | head -80 > "$OUT/perf-report.txt"
show ./norms > "$OUT/run.txt"
snap
