#!/bin/sh
# Read trimming: perf stat (software events, page-faults included) of the shipped build and of -DREUSE.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/readbuf.c" -o "$B/readbuf"
gcc -O2 -g -DREUSE "$SRC/readbuf.c" -o "$B/readbuf_reuse"
{ echo "\$ perf stat ./readbuf"; perfstatp ./readbuf; echo "\$ perf stat ./readbuf_reuse"; perfstatp ./readbuf_reuse; } > "$OUT/perf-stat-builds.txt"
snap
