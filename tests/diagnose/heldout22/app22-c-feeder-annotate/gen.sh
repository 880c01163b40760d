#!/bin/sh
# Feeder voltage drop, shipped build: one run's row, perf report by dso and symbol, and perf annotate -l of
# feeder_drop (the loop function) from the same recording.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/feeder.c" -o "$B/feeder" -lm
show ./feeder 1000 86400 > "$OUT/run.txt"
rec p.data -- ./feeder 1000 86400
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio -l feeder_drop"; annotl feeder_drop 90; } > "$OUT/perf-annotate.txt"
snap
