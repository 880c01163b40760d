#!/bin/sh
# Only free -m and the head of /proc/meminfo taken while the scratch-file filter runs.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/spill.c" -o "$B/sp"
(cd "$B" && ./sp 8000000 20 scratch.bin > /dev/null) & P=$!
sleep 1
free -m > "$OUT/free-m.txt"
head -20 /proc/meminfo > "$OUT/meminfo.txt"
wait "$P"
snap
