#!/bin/sh
# What a user pasted: lstopo-no-graphics of the node and one /usr/bin/time -f line of the spectrum run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/spectra.cpp" -o "$B/spectra"
{ echo "\$ lstopo-no-graphics --of console"; lstopo-no-graphics --of console 2>&1 | head -40; } > "$OUT/lstopo.txt"
(cd "$B" && /usr/bin/time -f 'elapsed=%e user=%U sys=%S cpu=%P maxrss_kb=%M' -o "$OUT/time.txt" ./spectra 20000000 > /dev/null 2>&1)
snap
