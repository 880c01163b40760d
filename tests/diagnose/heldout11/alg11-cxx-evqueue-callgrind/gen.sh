#!/bin/sh
# C++ event queue popped from the front of a std::vector: a size sweep of the program's printout and
# callgrind_annotate --auto=yes --inclusive=yes of the program's source at n=5000.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/evqueue.cpp" -o "$B/evq"
for n in 30000 60000 120000; do show ./evq $n; done > "$OUT/sweep.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./evq 5000) > "$OUT/callgrind.log" 2>&1
(cd "$B" && callgrind_annotate --inclusive=yes cg.out "$SRC/evqueue.cpp") 2> /dev/null | head -120 > "$OUT/callgrind_annotate.txt"
snap
