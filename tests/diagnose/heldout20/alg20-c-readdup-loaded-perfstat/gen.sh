#!/bin/sh
# Duplicate-read flagging beside three stress-ng hogs: the user's uptime/ps paste and perf stat -r 3 of
# an 8000-read and a 16000-read run (the program's own line with the pair count above each).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/readdup.c" -o "$B/readdup"
load_on 3
loadsnap > "$OUT/load.txt"
{ for n in 8000 16000; do echo "\$ perf stat -r 3 ./readdup $n"; (cd "$B" && perf stat -r 3 ./readdup $n) 2>&1; done; } > "$OUT/perf-stat.txt"
load_off
snap
