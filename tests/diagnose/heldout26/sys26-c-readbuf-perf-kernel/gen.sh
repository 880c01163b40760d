#!/bin/sh
# Read trimming, shipped build: the program's line and perf report --sort dso,sym (kernel symbols included).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/readbuf.c" -o "$B/readbuf"
show ./readbuf > "$OUT/output.txt"
rec p.data -- ./readbuf
{ echo "\$ perf record -e cpu-clock ./readbuf; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-dsosym.txt"
snap
