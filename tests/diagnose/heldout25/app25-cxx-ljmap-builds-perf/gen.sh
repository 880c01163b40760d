#!/bin/sh
# Lennard-Jones MD: the program's lines for the std::map build and the -DVEC build, and perf report --sort dso,sym
# of the std::map build.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/ljmap.cpp" -o "$B/ljmap"
g++ -O2 -g -DVEC "$SRC/ljmap.cpp" -o "$B/ljmap_vec"
{ show ./ljmap 50000 5; show ./ljmap_vec 50000 5; } > "$OUT/runs.txt"
rec p.data -- ./ljmap 50000 5
{ echo "\$ perf record -e cpu-clock ./ljmap 50000 5; perf report --sort dso,sym"; pdso p.data 1; echo; echo "\$ perf report -F overhead,sym,srcline"; psrcf 2; } > "$OUT/perf.txt"
snap
