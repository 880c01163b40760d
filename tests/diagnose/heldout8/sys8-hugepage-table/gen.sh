#!/bin/sh
# random lookups into a 2 GiB table: printout, perf stat, the transparent hugepage setting.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/lookup_table.c" -o "$B/lt"
show "$B/lt" > "$OUT/lookup-output.txt"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/lt" > /dev/null
{ echo "$ cat /sys/kernel/mm/transparent_hugepage/enabled"; cat /sys/kernel/mm/transparent_hugepage/enabled; } > "$OUT/thp-setting.txt"
snap
