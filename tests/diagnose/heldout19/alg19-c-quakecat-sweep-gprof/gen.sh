#!/bin/sh
# Catalogue de-duplication (all pairs, haversine per pair): a size table over 1500-12000 events,
# gprof -b (flat profile and call graph) of a -pg build at 3000 events and perf report --sort dso,sym at 6000.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/quakecat.c" -o "$B/quakecat" -lm
gcc -O2 -g -pg "$SRC/quakecat.c" -o "$B/quakecat_pg" -lm
{ echo "\$ for n in 1500 3000 6000 12000; do ./quakecat \$n; done"
  (cd "$B" && for n in 1500 3000 6000 12000; do ./quakecat $n; done); } > "$OUT/size-table.txt" 2>&1
(cd "$B" && ./quakecat_pg 3000 > /dev/null)
{ echo "\$ gprof -b ./quakecat gmon.out   # run: ./quakecat 3000"; gprof -b "$B/quakecat_pg" "$B/gmon.out" 2>&1 | clean | head -60; } > "$OUT/gprof.txt"
rec p.data -- ./quakecat 6000
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
