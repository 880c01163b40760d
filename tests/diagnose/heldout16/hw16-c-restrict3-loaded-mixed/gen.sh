#!/bin/sh
# The restriction program (loop order: slowest index innermost) handed over as a mixed folder while
# two stress-ng CPU hogs run beside it: a load snapshot, the program's size table, perf annotate of
# restrict3 with source lines, and the first 32 KB of the perf.data file (binary).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/restrict3.c" -o "$B/restrict3"
load_on 2
loadsnap > "$OUT/uptime-ps.txt"
show ./restrict3 > "$OUT/run.txt"
rec p.data -- ./restrict3 192 18
load_off
perf annotate -i "$B/p.data" --stdio -l -s restrict3 2> /dev/null | clean | head -90 > "$OUT/perf-annotate.txt"
head -c 32768 "$B/p.data" > "$OUT/perf.data.part"
snap
