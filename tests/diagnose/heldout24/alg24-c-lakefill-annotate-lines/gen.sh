#!/bin/sh
# Lake region growing: one run at 250 and perf annotate -l (per-source-line summary) of the hot function.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/lakefill.c" -o "$B/lakefill"
show ./lakefill 250 > "$OUT/run.txt"
rec p.data -- ./lakefill 250
H=$(perf report -i "$B/p.data" --stdio --no-children --sort sym 2> /dev/null | awk '/%/ && $0 !~ /^#/ {print $NF; exit}')
{ echo "\$ perf record -e cpu-clock ./lakefill 250; perf annotate --stdio -l $H"; annotl "$H" 70; } > "$OUT/annotate.txt"
snap
