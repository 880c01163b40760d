#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/spin" "$SRC/spin.c"
stress-ng --cpu 4 --timeout 12s > /dev/null 2>&1 &
sleep 1.5
"$B/spin" 400000000 > "$D/run-output.txt" & P=$!
mpstat -P ALL 1 3 > "$D/mpstat.txt" &
pidstat -u -w -p $P 1 3 > "$D/pidstat.txt"
wait $P; wait
