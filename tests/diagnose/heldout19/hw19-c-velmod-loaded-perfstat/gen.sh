#!/bin/sh
# Velocity-model smoothing beside two stress-ng hogs: uptime/ps, two size rows, perf stat -d of the
# n=2048 run (software events only on this machine) and perf annotate --stdio -l of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/velmod.c" -o "$B/velmod"
load_on 2
loadsnap > "$OUT/load.txt"
{ show ./velmod 256 150; show ./velmod 2048 3; } > "$OUT/run.txt"
{ echo "\$ perf stat -d ./velmod 2048 3"; (cd "$B" && perf stat -d ./velmod 2048 3) 2>&1; } > "$OUT/perf-stat-d.txt"
rec p.data -- ./velmod 2048 3
load_off
{ echo "\$ perf annotate --stdio -l main"; annotl main 90; } > "$OUT/perf-annotate.txt"
snap
