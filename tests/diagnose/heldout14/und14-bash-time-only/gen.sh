#!/bin/sh
# Undecidable: bash's `time` of one run of the Boltzmann-sampling program, nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/boltz.c" -o "$B/boltz" -lm
{ echo "\$ time ./boltz 150000 10 > out.txt"; (cd "$B" && bash -c 'time ./boltz 150000 10 > out.txt' 2>&1); } > "$OUT/time.txt"
snap
