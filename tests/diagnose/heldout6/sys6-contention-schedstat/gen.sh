#!/bin/sh
# A serial job run beside three CPU hogs of another user on 2 cores: its printout (wall and CPU time), perf stat, /proc/PID/schedstat read at start and end, uptime.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/busy.c" -o "$B/busy"
load_on 3
"$B/busy" 300000000 > "$OUT/busy-output.txt" & P=$!
{ echo "# cat /proc/$P/schedstat   (run time ns, run-queue wait ns, timeslices)"; cat /proc/$P/schedstat; } > "$OUT/schedstat.txt"
while kill -0 "$P" 2> /dev/null; do cat /proc/$P/schedstat > "$B/last" 2> /dev/null || true; sleep 0.2; done
wait "$P" || true
cat "$B/last" >> "$OUT/schedstat.txt"
perf stat -e "$SW" "$B/busy" 300000000 > /dev/null 2> "$OUT/perf-stat.txt"
uptime > "$OUT/uptime.txt"
load_off
snap
