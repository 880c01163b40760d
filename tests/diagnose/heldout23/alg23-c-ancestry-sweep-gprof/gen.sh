#!/bin/sh
# Pedigree depths: a size sweep (individuals, links walked, time), and gprof (flat profile and call graph,
# static -pg build, brief) of the 30000-individual run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/ancestry.c" -o "$B/ancestry"
{ for n in 5000 10000 20000 40000; do show ./ancestry $n; done; } > "$OUT/sweep.txt"
gcc -O2 -g -pg -static -fno-inline "$SRC/ancestry.c" -o "$B/ancestry_pg"
(cd "$B" && ./ancestry_pg 30000 > /dev/null)
{ echo "\$ gprof -b ancestry_pg gmon.out"; (cd "$B" && gprof -b ancestry_pg gmon.out 2> /dev/null) | clean | head -45; } > "$OUT/gprof.txt"
{ echo "\$ gprof -b -l ancestry_pg gmon.out   (line-level flat profile)"; (cd "$B" && gprof -b -l -p ancestry_pg gmon.out 2> /dev/null) | clean | head -20; } > "$OUT/gprof-lines.txt"
snap
