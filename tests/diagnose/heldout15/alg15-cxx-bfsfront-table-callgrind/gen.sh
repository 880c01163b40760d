#!/bin/sh
# C++ BFS of an n x n grid with a std::vector frontier popped by erase(begin()): the program's own
# table (n = 250 to 2800) and callgrind (inclusive) of n = 500 annotated by callgrind_annotate.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/bfsfront.cpp" -o "$B/bfsfront"
show ./bfsfront > "$OUT/run.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./bfsfront 500 > /dev/null 2>&1)
callgrind_annotate --auto=yes --inclusive=yes "$B/cg.out" 2> /dev/null | clean | head -220 > "$OUT/callgrind_annotate.txt"
snap
