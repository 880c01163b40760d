#!/bin/sh
# Mixed folder: two stress-ng CPU hogs beside the edge assembly (shuffled numbering). The user
# hands over uptime/ps, the printout of both numberings, perf annotate of sweep_edges (shuffled,
# under load) and the raw perf.data.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/edgeflux.c" -o "$B/edgeflux"
load_on 2
loadsnap > "$OUT/load.txt"
{ show ./edgeflux shuffled 4000000 3; show ./edgeflux renumbered 4000000 3; } > "$OUT/run.txt"
rec p.data -- ./edgeflux shuffled 4000000 3
load_off
{ echo "\$ perf annotate --stdio -l -s sweep_edges"; perf annotate -i "$B/p.data" --stdio -l -s sweep_edges 2> /dev/null | head -80; } | clean > "$OUT/perf-annotate.txt"
cp "$B/p.data" "$OUT/perf.data"
snap
