#!/bin/sh
# pidstat -r (memory: faults, VSZ, RSS) of a serial run only.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/tally.cpp" -o "$B/ta"
"$B/ta" 1500000 > /dev/null &
P=$!
pidstat -r -h -p "$P" 1 2 > "$OUT/pidstat.txt" 2>&1 || true
wait "$P"
snap
