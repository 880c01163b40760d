#!/bin/bash
# the program's own printout at four sizes, and callgrind of one small run (log + annotate)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/dedup" "$SRC/dedup.c"
snap
cd "$B"
for n in 5000 10000 20000 40000; do echo "\$ ./dedup $n"; ./dedup $n; done > "$D/sweep.txt"
valgrind --tool=callgrind --callgrind-out-file=cg.out ./dedup 3000 > "$D/callgrind.log" 2>&1
callgrind_annotate cg.out > "$D/callgrind_annotate.txt"
