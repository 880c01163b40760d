#!/bin/sh
# C all-pairs neighbour counting at fixed density (~25 neighbours per particle at every size): the
# program's size table (N = 2000 .. 16000) and gprof's line-level flat profile (-l) of that run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/pairnb.c" -o "$B/pairnb" -lm
show ./pairnb > "$OUT/run.txt"
(cd "$B" && gprof -b -l -p ./pairnb gmon.out 2> /dev/null) | clean | head -40 > "$OUT/gprof-lines.txt"
snap
