#!/bin/sh
# C++ finite-volume fluxes on a fixed polar mesh recomputing each face's geometry every step:
# perf report --children --sort dso,sym (inclusive, DWARF call chains) and callgrind --dump-instr=yes
# annotated by callgrind_annotate --auto=yes --inclusive=yes (3 steps).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/facegeom.cpp" -o "$B/facegeom"
show ./facegeom 200 256 60 > "$OUT/run.txt"
rec p.data --call-graph dwarf -- ./facegeom 200 256 60
perf report -i "$B/p.data" --stdio --children --sort dso,sym -g none --percent-limit 2 2> /dev/null | head -60 > "$OUT/perf-report-children.txt"
(cd "$B" && valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=cg.out ./facegeom 200 256 3 > /dev/null 2>&1)
callgrind_annotate --auto=yes --inclusive=yes "$B/cg.out" 2> /dev/null | clean | head -160 > "$OUT/callgrind-annotate.txt"
snap
