#!/bin/sh
# Gauge accumulation: build rows of the shipped std::map<std::string,double> build and of -DVEC (a vector
# indexed by station number), two runs each, and perf report --sort dso,sym of the shipped build.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/gaugeacc.cpp" -o "$B/gaugeacc"
g++ -O2 -g -DVEC "$SRC/gaugeacc.cpp" -o "$B/gaugeacc_vec"
{ for b in gaugeacc gaugeacc gaugeacc_vec gaugeacc_vec; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./gaugeacc
{ echo "\$ perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
