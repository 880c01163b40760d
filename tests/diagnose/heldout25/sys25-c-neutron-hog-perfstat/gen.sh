#!/bin/sh
# Neutron transport (-DBISECT build, the fast lookup): perf stat of the same run on the quiet node and beside
# another job (stress-ng --cpu 2 started by a colleague), and uptime / ps at that time.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DBISECT "$SRC/neutron.c" -o "$B/neutron" -lm
{ echo "\$ perf stat ./neutron 20000 100000   # quiet"; perfstatp ./neutron 20000 100000; } > "$OUT/perfstat_quiet.txt"
load_on 2
{ echo "\$ perf stat ./neutron 20000 100000   # during the other job"; perfstatp ./neutron 20000 100000; } > "$OUT/perfstat_busy.txt"
loadsnap > "$OUT/uptime_ps.txt"
load_off
snap
