#!/bin/sh
# Snapshot writer with one 8-byte pwrite per value: the program's line, strace -c of a 50000 x 4 run,
# and perf report --sort dso,sym of a 200000 x 4 run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/snapio.c" -o "$B/snapio"
{ show ./snapio 200000 4 snap.bin; } > "$OUT/run.txt"
{ echo "\$ strace -c ./snapio 50000 4 snap.bin"; (cd "$B" && strace -c ./snapio 50000 4 snap.bin) 2>&1; } > "$OUT/strace-c.txt"
rec p.data -- ./snapio 200000 4 snap.bin
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
