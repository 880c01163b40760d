#!/bin/sh
# serial vectorised kernel run beside 3 stress-ng CPU hogs: printout, mpstat -P ALL, pidstat -u of the job.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g "$SRC/cmulacc.c" -o "$B/cm"
load_on 3
mpstat -P ALL 1 4 > "$OUT/mpstat.txt" &
MP=$!
show "$B/cm" 4000000 > "$OUT/filter-output.txt" &
CM=$!
sleep 0.3
pidstat -u -h -p "$(pgrep -P "$CM" -x cm || echo "$CM")" 1 3 > "$OUT/pidstat.txt" 2>&1 || true
wait "$CM"; wait "$MP" || true
load_off
snap
