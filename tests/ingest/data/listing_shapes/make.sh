#!/bin/sh
# Regenerates the fixtures of listing shapes users hand over: callgrind_annotate's
# --inclusive=yes listing of a C++ program whose std::map code is inlined into main (rows
# per inlined header), the same program's annotated source with the header and tables cut
# off (as pasted), and perf stat of one program at two sizes. Real tools, run here.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
g++ -O2 -g src/rates.cpp -o "$B/rates"
valgrind --tool=callgrind --callgrind-out-file="$B/cg.out" "$B/rates" 200 > /dev/null 2>&1
{ echo '$ callgrind_annotate --inclusive=yes cg.out'; callgrind_annotate --inclusive=yes "$B/cg.out"; } > callgrind-inclusive.txt
# the annotated source of rates.cpp only, as a user pastes it (everything before its
# section cut off)
callgrind_annotate --auto=yes "$B/cg.out" src/rates.cpp > "$B/full.txt"
sed -n '/^-- .*annotated source: .*rates.cpp/,$p' "$B/full.txt" > callgrind-source-only.txt
# the program total the cut-off file no longer shows (for the test's check)
grep 'PROGRAM TOTALS' "$B/full.txt" > program-totals.txt
gcc -O2 src/pairs.c -o "$B/pairs"
for n in 20000 40000; do
  ( cd "$B" && perf stat -e task-clock ./pairs $n ) > "perf-stat-$n.txt" 2>&1
done
