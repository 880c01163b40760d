#!/bin/sh
# A 400 MB field updated in place while a forked child per step writes a checkpoint: printout, perf stat (software events), /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/forkckpt.c" -o "$B/fk"
"$B/fk" 50000000 10 1 "$B" > "$OUT/run-output.txt"
perf stat -e "$SW" "$B/fk" 50000000 10 1 "$B" > /dev/null 2> "$OUT/perf-stat.txt"
/usr/bin/time -v "$B/fk" 50000000 10 1 "$B" > /dev/null 2> "$OUT/time-v.txt"
snap
