#!/bin/sh
# CSV line built with strcat for 25k-200k items: the program's items/time table, perf report at the largest size.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/strbuild.c" -o "$B/sb"
"$B/sb" > "$OUT/strbuild-table.txt"
(cd "$B" && rec p.data ./sb > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
