#!/bin/sh
# Regenerates the per-item seeding fixtures: src/paths.cpp with an engine seeded per path
# (std::mt19937_64 "perpath", C srandom() "crand") vs one engine for the run ("once",
# "conce": the look-alikes). perf record/report (cpu-clock) and gprof of each. Run from
# this directory.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
g++ -O2 -g src/paths.cpp -o "$B/mc"
g++ -O2 -g -pg src/paths.cpp -o "$B/mcpg"
for v in perpath crand once conce; do
  perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/mc" $v 200000 > "mc-$v-output.txt" 2>/dev/null
  perf report -i "$B/p.data" --stdio 2> /dev/null | grep -v "^$" | head -30 > "perf-report-mc-$v.txt"
  (cd "$B" && ./mcpg $v 200000 > /dev/null && gprof -b ./mcpg gmon.out > gprof.txt)
  sed -n '1,20p' "$B/gprof.txt" > "gprof-flat-mc-$v.txt"
done
