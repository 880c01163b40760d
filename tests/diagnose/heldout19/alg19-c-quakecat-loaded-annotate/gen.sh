#!/bin/sh
# Catalogue de-duplication beside three stress-ng hogs: the user's uptime/ps paste, vmstat while two
# runs (3000 and 6000 events) go, and perf annotate --stdio -l of main and haversine from a 6000-event run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/quakecat.c" -o "$B/quakecat" -lm
load_on 3
loadsnap > "$OUT/load.txt"
{ echo "\$ ./quakecat 3000; ./quakecat 6000"; vmwhile sh -c './quakecat 3000; ./quakecat 6000'; } > "$OUT/run.txt" 2>&1
{ echo "\$ vmstat 1   # while the two runs went"; cat "$B/vmstat.out"; } > "$OUT/vmstat.txt"
rec p.data -- ./quakecat 6000
load_off
{ echo "\$ perf annotate --stdio -l main"; annotl main 60; echo; echo "\$ perf annotate --stdio -l haversine"; annotl haversine 60; } > "$OUT/perf-annotate.txt"
snap
