#!/bin/sh
# Chemistry box model: the build rows (species looked up by name in a std::map, and -DINDEX) run twice
# each, a perf report by dso and symbol, and perf report --children --sort srcline of a DWARF call-graph
# recording of the shipped build.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/specmap.cpp" -o "$B/specmap"
g++ -O2 -g -DINDEX "$SRC/specmap.cpp" -o "$B/specmap_index"
{ show ./specmap; show ./specmap; show ./specmap_index; show ./specmap_index; } > "$OUT/builds.txt"
rec p.data -- ./specmap
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
recg pg.data -- ./specmap 4000
{ echo "\$ perf report --children --sort srcline -g none"; srcchildren pg.data 3; } > "$OUT/perf-srcline-children.txt"
snap
