#!/bin/sh
# The deposition program on a machine with two stress-ng CPU hogs: a folder as a user hands it
# over: uptime/ps, the printout of both particle orders, perf annotate -l of main (deposit() is inlined there) from the
# creation-order run, and the perf.data file itself (binary).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pdeposit.c" -o "$B/pdeposit"
load_on 2
loadsnap > "$OUT/load.txt"
{ show ./pdeposit 4096 4000000 3; show ./pdeposit 4096 4000000 3 sorted; } > "$OUT/run.txt"
rec perf.data -- ./pdeposit 4096 4000000 3
load_off
{ echo "\$ perf annotate --stdio -l -s main"; perf annotate -i "$B/perf.data" --stdio -l -s main 2> /dev/null | clean | head -80; } > "$OUT/perf-annotate-main.txt"
cp "$B/perf.data" "$OUT/perf.data"
snap
