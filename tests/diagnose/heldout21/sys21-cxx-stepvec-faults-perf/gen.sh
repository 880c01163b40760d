#!/bin/sh
# Groundwater head update: the program's lines of the shipped build and the -DKEEP build, perf stat of
# the shipped build (task clock, switches, migrations, page faults), and a perf report by dso and symbol.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/stepvec.cpp" -o "$B/stepvec"
g++ -O2 -g -DKEEP "$SRC/stepvec.cpp" -o "$B/stepvec_keep"
{ show ./stepvec; show ./stepvec; show ./stepvec_keep; show ./stepvec_keep; } > "$OUT/builds.txt"
{ echo "\$ perf stat ./stepvec"; perfstatp ./stepvec; } > "$OUT/perf-stat.txt"
rec p.data -- ./stepvec
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
snap
