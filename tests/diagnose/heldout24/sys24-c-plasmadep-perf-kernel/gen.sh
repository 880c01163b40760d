#!/bin/sh
# Charge deposition (madvise each step): the program's line and perf report --sort dso,sym including kernel symbols.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/plasmadep.c" -o "$B/plasmadep"
show ./plasmadep > "$OUT/run.txt"
rec p.data -- ./plasmadep
{ echo "\$ perf record -e cpu-clock ./plasmadep; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
