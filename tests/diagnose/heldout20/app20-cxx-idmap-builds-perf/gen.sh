#!/bin/sh
# Face-flux assembly looking cells up by id in a std::map: the shipped build and the -DDENSE build
# (std::vector indexed by id), perf report --sort dso,sym and perf report --children --sort srcline of a
# DWARF call-graph recording of the map build.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/idmap.cpp" -o "$B/idmap"
g++ -O2 -g -DDENSE "$SRC/idmap.cpp" -o "$B/idmap_dense"
{ for b in idmap idmap_dense idmap idmap_dense; do echo "\$ ./$b 100000 3"; (cd "$B" && ./$b 100000 3); done; } > "$OUT/builds.txt" 2>&1
rec p.data -- ./idmap 100000 3
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
recg g.data -- ./idmap 100000 3
{ echo "\$ perf record --call-graph dwarf ./idmap 100000 3; perf report --children --sort srcline -g none"; srcchildren g.data; } > "$OUT/perf-children-srcline.txt"
snap
