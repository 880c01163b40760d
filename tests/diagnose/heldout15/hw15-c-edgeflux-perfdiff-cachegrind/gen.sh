#!/bin/sh
# C edge-based residual assembly on 4 M nodes / 8 M edges, node numbering "renumbered" vs
# "shuffled" (same mesh): both printouts, perf diff --period of the two recordings (baseline
# renumbered), and cachegrind of the shuffled order on 256 K nodes with a 1 MB simulated LL.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/edgeflux.c" -o "$B/edgeflux"
{ show ./edgeflux renumbered 4000000 4; show ./edgeflux shuffled 4000000 4; } > "$OUT/run.txt"
rec renum.data -- ./edgeflux renumbered 4000000 4
rec shuf.data -- ./edgeflux shuffled 4000000 4
{ echo "\$ perf diff --period renum.data shuf.data"; pdiff renum.data shuf.data; } | clean > "$OUT/perf-diff.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --LL=1048576,16,64 --cachegrind-out-file=cg.out ./edgeflux shuffled 262144 1 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate.txt"
snap
