#!/bin/sh
# C++ log parser that builds a std::regex for every line: perf report with children (inclusive,
# sorted by symbol, demangled) and the program's printout.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/regexline.cpp" -o "$B/parse"
rec p.data -g -- ./parse 30000
perf report -i "$B/p.data" --stdio --children --sort sym -g none --percent-limit 3 2> /dev/null | head -50 > "$OUT/perf-report-children.txt"
show ./parse 30000 > "$OUT/run.txt"
snap
