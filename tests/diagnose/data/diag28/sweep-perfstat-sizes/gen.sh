#!/bin/bash
# one perf stat -e task-clock per size, appended into one log (the sizes only in the commands)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/dedup" "$SRC/dedup.c"
snap
cd "$B"
for n in 10000 20000 40000; do
  perf stat -e task-clock -o stat.txt ./dedup $n > /dev/null
  cat stat.txt >> "$D/perf-stat-sizes.log"
done
