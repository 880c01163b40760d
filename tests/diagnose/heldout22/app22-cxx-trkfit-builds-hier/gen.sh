#!/bin/sh
# Track scoring: build rows (hit list passed by value, and -DCREF by const reference), two runs each, and
# perf report --hierarchy (command / shared object / symbol) of the shipped build.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/trkfit.cpp" -o "$B/trkfit"
g++ -O2 -g -DCREF "$SRC/trkfit.cpp" -o "$B/trkfit_cref"
{ show ./trkfit 150 2000; show ./trkfit 150 2000; show ./trkfit_cref 150 2000; show ./trkfit_cref 150 2000; } > "$OUT/builds.txt"
rec p.data -- ./trkfit 150 2000
{ echo "\$ perf report --hierarchy --sort comm,dso,sym"; phier 1; } > "$OUT/perf-report-hierarchy.txt"
snap
