#!/bin/sh
# C++ nearest-station search by linear scan with std::hypot: the program's size table (stations =
# observations, ns per observation and evaluations per observation) and callgrind of one search at
# n=1000 annotated with callgrind_annotate --tree=caller --auto=yes.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/nearest.cpp" -o "$B/nearest"
show ./nearest > "$OUT/run.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cgr.out ./nearest 1000 1 > /dev/null 2>&1)
callgrind_annotate --tree=caller --auto=yes "$B/cgr.out" 2> /dev/null | clean | head -160 > "$OUT/callgrind_annotate.txt"
snap
