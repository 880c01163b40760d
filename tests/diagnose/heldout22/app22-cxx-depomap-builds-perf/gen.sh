#!/bin/sh
# Charge deposit: build rows (cells in a std::map<long,double>, and -DFLAT a vector indexed by cell id),
# two runs each, and perf report by dso and symbol of the shipped build.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/depomap.cpp" -o "$B/depomap"
g++ -O2 -g -DFLAT "$SRC/depomap.cpp" -o "$B/depomap_flat"
{ show ./depomap; show ./depomap; show ./depomap_flat; show ./depomap_flat; } > "$OUT/builds.txt"
rec p.data -- ./depomap
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
snap
