#!/bin/sh
# C++ CSV line built with out = out + field + ",": callgrind_annotate --auto=yes at 5000 fields and the
# program's CPU time at three sizes.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/csvjoin.cpp" -o "$B/cj"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./cj 5000 > /dev/null 2>&1)
callgrind_annotate --auto=yes --inclusive=yes "$B/cg.out" 2> /dev/null | head -110 > "$OUT/callgrind-annotate.txt"
show ./cj 20000 40000 80000 > "$OUT/sizes.txt"
snap
