#!/bin/bash
# negative: a serial loop with no code cause (time -v, uptime) run beside four CPU hogs: it
# gets a fraction of a CPU; the machine is the cause
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/spin" "$SRC/spin.c"
stress-ng --cpu 4 --timeout 300s --quiet & L=$!; sleep 3; snap
uptime > "$D/uptime-before.txt"
/usr/bin/time -v -o "$D/time-v.txt" "$B/spin" > "$D/run-output.txt"
uptime > "$D/uptime-after.txt"
kill $L; wait $L 2>/dev/null || true
