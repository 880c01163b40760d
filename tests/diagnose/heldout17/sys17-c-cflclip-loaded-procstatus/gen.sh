#!/bin/sh
# The CFL limiter on sorted speeds (no branch problem), three repeats on the quiet machine and three
# beside two stress-ng CPU hogs, with the load snapshot and /proc/<pid>/status context-switch counts
# of one quiet and one loaded run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cflclip.c" -o "$B/cflclip"
{ for i in 1 2 3; do show ./cflclip 1000000 600 sorted; done; } > "$OUT/run-quiet.txt"
procstatus 0.4 ./cflclip 1000000 600 sorted > "$OUT/proc-status-quiet.txt"
load_on 2
loadsnap > "$OUT/load.txt"
{ for i in 1 2 3; do show ./cflclip 1000000 600 sorted; done; } > "$OUT/run-loaded.txt"
procstatus 0.4 ./cflclip 1000000 600 sorted > "$OUT/proc-status-loaded.txt"
load_off
snap
