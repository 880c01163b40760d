#!/bin/sh
# C cloud-in-cell deposition on a 134 MB grid with particles in creation (random-cell) order: the
# program's printout in creation and cell-sorted order, the machine's load ceiling from
# likwid-bench, and cachegrind of both orders on a 512^2 grid (2 MB) with a 1 MB simulated last-level cache
# (cg_annotate --auto=yes of each).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pdeposit.c" -o "$B/pdeposit"
{ show ./pdeposit 4096 4000000 3; show ./pdeposit 4096 4000000 3 sorted; } > "$OUT/run.txt"
show likwid-bench -t load -w S0:1GB:1 > "$OUT/likwid-bench-load.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --LL=1048576,16,64 --cachegrind-out-file=cg.creation ./pdeposit 512 500000 1 > /dev/null 2>&1)
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --LL=1048576,16,64 --cachegrind-out-file=cg.sorted ./pdeposit 512 500000 1 sorted > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.creation" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate-creation.txt"
cg_annotate --auto=yes "$B/cg.sorted" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate-sorted.txt"
snap
