#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/spin" "$SRC/spin.c"
stress-ng --cpu 4 --timeout 14s > /dev/null 2>&1 &
sleep 2
cat /proc/pressure/cpu > "$D/pressure-cpu-before.txt"
vmstat 1 8 > "$D/vmstat.txt" &
timev "$D/time-v.txt" "$B/spin" 300000000 > /dev/null
cat /proc/pressure/cpu > "$D/pressure-cpu-after.txt"
wait
