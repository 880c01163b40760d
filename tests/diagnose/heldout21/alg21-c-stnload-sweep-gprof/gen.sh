#!/bin/sh
# Station catalogue load: a size table (10000-60000 stations, compares column) of the -O2 build and
# gprof of a 50000-station run of the -pg build (flat profile with call graph, and the line-level flat profile).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/stnload.c" -o "$B/stnload" -lm
gcc -O2 -g -pg -fno-inline "$SRC/stnload.c" -o "$B/stnload_pg" -lm
{ echo "\$ for n in 10000 20000 40000 60000; do ./stnload \$n; done"; (cd "$B" && for n in 10000 20000 40000 60000; do ./stnload $n; done); } > "$OUT/size-table.txt" 2>&1
(cd "$B" && ./stnload_pg 50000 > /dev/null)
{ echo "\$ gprof -b ./stnload_pg gmon.out"; (cd "$B" && gprof -b ./stnload_pg gmon.out 2> /dev/null) | clean | head -60; } > "$OUT/gprof.txt"
{ echo "\$ gprof -b -l ./stnload_pg gmon.out"; (cd "$B" && gprof -b -l -p ./stnload_pg gmon.out 2> /dev/null) | clean | head -30; } > "$OUT/gprof-lines.txt"
snap
