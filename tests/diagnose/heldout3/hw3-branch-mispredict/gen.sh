#!/bin/sh
# Threshold sum over random bytes built at -O1 (a real branch): printout, cachegrind branch simulation, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O1 -g "$SRC/branchy.c" -o "$B/br"
"$B/br" > "$OUT/branchy-output.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=cg.out ./br 4194304 2 > /dev/null 2> "$OUT/cachegrind-branch.log")
(cd "$B" && rec p.data ./br > /dev/null)
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null | head -150 > "$OUT/perf-annotate.txt"
snap
