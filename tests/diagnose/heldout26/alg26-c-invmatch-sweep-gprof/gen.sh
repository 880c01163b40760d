#!/bin/sh
# Payment reconciliation, shipped build: us per payment for four table sizes (payments = invoices), and gprof
# (flat profile and call graph, -fno-inline so find() is its own function) at 40000.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/invmatch.c" -o "$B/invmatch"
gcc -O2 -g -pg -fno-inline "$SRC/invmatch.c" -o "$B/invmatch_pg"
{ for n in 10000 20000 40000 80000; do show ./invmatch $n $n; done; } > "$OUT/sizes.txt"
(cd "$B" && ./invmatch_pg 40000 40000 > /dev/null)
{ echo "\$ gprof -b invmatch gmon.out"; (cd "$B" && gprof -b invmatch_pg gmon.out 2> /dev/null) | clean | head -40; } > "$OUT/gprof.txt"
snap
