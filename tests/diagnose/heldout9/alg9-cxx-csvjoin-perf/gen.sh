#!/bin/sh
# The same C++ CSV builder: perf report by shared object and symbol at one size, plus the program's size printout.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/csvjoin.cpp" -o "$B/cj"
rec p.data ./cj 60000 > /dev/null
report "$B/p.data" dso,sym 30 > "$OUT/perf-report-dso-sym.txt"
show ./cj 15000 30000 60000 > "$OUT/sizes.txt"
snap
