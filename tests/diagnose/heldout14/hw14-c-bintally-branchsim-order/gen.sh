#!/bin/sh
# C energy-group tally with an if-ladder on random energies: the printout with the energies in
# random and in sorted order, and cachegrind's branch simulator (--branch-sim=yes, no cache
# simulation) annotated per line by cg_annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/bintally.c" -o "$B/bintally"
{ show ./bintally 1000000 60; show ./bintally 1000000 60 sorted; } > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=cg.out ./bintally 200000 2 > /dev/null 2>&1)
{ echo "\$ valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes ./bintally 200000 2; cg_annotate --auto=yes cg.out"
  cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -90; } > "$OUT/cg_annotate-branch.txt"
snap
