#!/bin/sh
# C reaction-diffusion update reading its rate from getenv("SIM_RATE") for every cell: ltrace -c of a
# small run, perf report --sort dso,sym of a full run, and the program's printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/envparam.c" -o "$B/envparam" -lm
(cd "$B" && SIM_RATE=0.1 ltrace -c -o ltrace-c.txt ./envparam 20000 2 > /dev/null); cp "$B/ltrace-c.txt" "$OUT/ltrace-c.txt"
show env SIM_RATE=0.1 ./envparam 4000000 5 > "$OUT/run.txt"
SIM_RATE=0.1 rec p.data -- ./envparam 4000000 5
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report-dso-sym.txt"
snap
