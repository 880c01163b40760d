#!/bin/sh
# Shallow-water update with a memory watchdog reading /proc/self/statm per tile per step:
# strace -c of a run, the program's line, and perf report by dso and symbol.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/memlog.c" -o "$B/memlog"
show ./memlog 64 1500 > "$OUT/run.txt"
(cd "$B" && strace -c -o strace-c.txt ./memlog 64 1500 > /dev/null 2>&1); { echo "\$ strace -c ./memlog 64 1500"; cat "$B/strace-c.txt"; } > "$OUT/strace-c.txt"
rec p.data -- ./memlog 64 1500
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
