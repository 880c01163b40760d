#!/bin/sh
# Ringdown misfit scan in long double (and a -DREAL=double build): the mode rows, perf report --sort
# dso,sym and perf annotate --stdio -l of main for the long double build (4096 samples x 1200 trials).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/ringdown.cpp" -o "$B/ringdown"
g++ -O2 -g -DREAL=double "$SRC/ringdown.cpp" -o "$B/ringdown_double"
{ show ./ringdown 4096 300; show ./ringdown_double 4096 300; } > "$OUT/modes.txt"
rec p.data -- ./ringdown 4096 1200
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio -l main"; annotl main 80; } > "$OUT/perf-annotate.txt"
snap
