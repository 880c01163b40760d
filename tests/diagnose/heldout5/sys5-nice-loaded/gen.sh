#!/bin/sh
# A serial job started with nice -n 19 while two CPU hogs run at normal priority: printout (own wall and CPU time), /usr/bin/time -v, /proc/PID/schedstat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/burn.c" -o "$B/burn"
load_on 2
nice -n 19 /usr/bin/time -v "$B/burn" 40000000 niced > "$OUT/burn-output.txt" 2> "$OUT/time-v.txt"
nice -n 19 "$B/burn" 4000000000 probe > /dev/null & P=$!
sleep 2
{ echo "# /proc/$P/schedstat (run ns, wait-on-runqueue ns, timeslices) and nice"; cat "/proc/$P/schedstat"; ps -o pid,ni,pri,pcpu,comm -p "$P"; } > "$OUT/schedstat.txt"
kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true
load_off
snap
