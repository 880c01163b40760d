#!/bin/bash
# three sizes timed by /usr/bin/time into a CSV (side n and cells = n^2), two CPU hogs beside
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/pairsum" "$SRC/pairsum.c" -lm
snap
cd "$B"
stress-ng --cpu 2 --timeout 60s > /dev/null 2>&1 & HOG=$!
sleep 1
{ echo "n,cells,elapsed_s,user_s,sys_s"
  for n in 60 85 120; do /usr/bin/time -f "$n,$((n*n)),%e,%U,%S" ./pairsum $n 2>&1 >/dev/null; done; } > "$D/size-sweep.csv"
{ echo "\$ uptime"; uptime; echo "\$ ps -eo pid,pcpu,comm --sort=-pcpu"; ps -eo pid,pcpu,comm --sort=-pcpu | head -6; } > "$D/uptime-ps.txt"
kill $HOG 2>/dev/null; wait $HOG 2>/dev/null || true
