#!/bin/sh
# C particle CFL limiter with a data-dependent branch: the program's table of random against sorted
# speeds (same work, same number clipped) and callgrind with its branch simulator (random mode,
# 200000 particles x 5 steps), callgrind_annotate sorted by mispredicted conditional branches.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cflclip.c" -o "$B/cflclip"
show ./cflclip > "$OUT/run.txt"
(cd "$B" && valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=cgr.out ./cflclip 200000 5 random > /dev/null 2>&1)
callgrind_annotate --auto=yes --show=Ir,Bc,Bcm --sort=Bcm "$B/cgr.out" 2> /dev/null | clean | head -140 > "$OUT/callgrind_annotate.txt"
snap
