#!/bin/sh
# Only callgrind's instruction counts of the remainder-sum program: where instructions go, not why it is slow.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g "$SRC/idiv.c" -o "$B/id"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./id 4096 500 > /dev/null 2> /dev/null && cp cg.out "$OUT/callgrind.out")
snap
