#!/bin/sh
# C table lookups with one pread per query, on a machine loaded by 2 stress-ng CPU hogs (started
# here, stopped by pid): uptime and ps, the program's printout, and perf trace -s (system-call
# summary with per-call times) of a shorter run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/recstore.c" -o "$B/recstore"
(cd "$B" && ./recstore xs.bin 1 > /dev/null)
load_on 2
loadsnap > "$OUT/uptime-ps.txt"
show ./recstore xs.bin 300000 > "$OUT/run.txt"
{ echo "\$ perf trace -s ./recstore xs.bin 30000"; (cd "$B" && perf trace -s ./recstore xs.bin 30000 2>&1); } | clean > "$OUT/perf-trace-s.txt"
load_off
snap
