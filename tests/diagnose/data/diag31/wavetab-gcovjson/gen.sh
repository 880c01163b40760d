#!/bin/bash
# the wavetab coverage run again, its counts saved by gcov --json-format (a gzip-compressed JSON
# document), beside perf report of the optimised build
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/wavetab" "$SRC/wavetab.c" -lm
rm -rf "$B/covj" && mkdir -p "$B/covj" && cp "$SRC/wavetab.c" "$B/covj/"
snap
cd "$B/covj"
gcc -O1 -g --coverage -o wavetab wavetab.c -lm
./wavetab 20000 100 > /dev/null
gcov --json-format -f wavetab.c > /dev/null 2>&1
cp wavetab.gcov.json.gz "$D/"
cd "$B"
perf record -q -e cpu-clock -o "$B/wavej.data" ./wavetab 20000 1000 > /dev/null 2>&1
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; perf report --stdio --no-children --sort dso,sym -i "$B/wavej.data" 2>/dev/null; } > "$D/perf-report.txt"
