#!/bin/sh
# The same forked-checkpoint program: its printout, strace -f -c of a run, and perf report of the parent.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/forkckpt.c" -o "$B/fk"
"$B/fk" 50000000 10 1 "$B" > "$OUT/run-output.txt"
strace -f -c -o "$OUT/strace-fc.txt" "$B/fk" 50000000 10 1 "$B" > /dev/null
(cd "$B" && rec p.data ./fk 50000000 10 1 "$B" > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
