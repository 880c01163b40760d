#!/bin/sh
# Photon selection with an energy cut: the raw and the sorted event order (same events, same work), and
# cachegrind's branch simulation (--branch-sim=yes, cache simulation off) of a raw run, cg_annotate --auto=yes.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/branchcut.c" -o "$B/branchcut"
{ for m in raw sorted raw sorted; do echo "\$ ./branchcut 2000000 20 $m"; (cd "$B" && ./branchcut 2000000 20 $m); done; } > "$OUT/modes.txt" 2>&1
(cd "$B" && valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=cg.out ./branchcut 200000 3 raw > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -100 > "$OUT/cg_annotate-branch.txt"
snap
