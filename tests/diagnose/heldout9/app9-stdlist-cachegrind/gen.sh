#!/bin/sh
# C++ particles in a std::list with shuffled nodes: cachegrind with cg_annotate (line-level D1/LL
# misses; the last-level cache given as this CPU's 32 MiB L3, since cachegrind's own detection
# reported a 256 MiB direct-mapped LL here) and the program's ns per node at three list sizes.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/plist.cpp" -o "$B/pl"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --LL=33554432,16,64 --cachegrind-out-file=cg.out ./pl 10000000 1000000 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -120 > "$OUT/cg-annotate.txt"
show ./pl 20000000 1000 100000 2000000 > "$OUT/list-sizes.txt"
snap
