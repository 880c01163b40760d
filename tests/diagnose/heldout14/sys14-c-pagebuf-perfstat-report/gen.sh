#!/bin/sh
# C filter step that mmaps, fills and munmaps a fresh 64 MB buffer every step: the printout,
# perf stat of the fault counters with task-clock, and perf report --sort dso,sym of the run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pagebuf.c" -o "$B/pagebuf"
show ./pagebuf 30 > "$OUT/run.txt"
show perf stat -e task-clock,page-faults,minor-faults,major-faults,context-switches ./pagebuf 30 > "$OUT/perf-stat.txt"
rec p.data -- ./pagebuf 30
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 0.7; } | clean > "$OUT/perf-report.txt"
snap
