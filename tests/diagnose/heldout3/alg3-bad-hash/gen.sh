#!/bin/sh
# Chained hash table where every id lands in one bucket: gprof (flat + call graph) and gmon.out, a size table, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg -fno-inline "$SRC/badhash.c" -o "$B/bh"
{ echo "records time_s"; for n in 5000 10000 20000 40000; do printf '%s ' "$n"; "$B/bh" "$n" | sed -n 's/^records=[0-9]* time=\([0-9.]*\) s.*/\1/p'; done; } > "$OUT/size-sweep.txt"
(cd "$B" && ./bh 40000 > "$OUT/badhash-output.txt" && gprof -b ./bh gmon.out > "$OUT/gprof.txt" && cp gmon.out "$OUT/gmon.out")
snap
