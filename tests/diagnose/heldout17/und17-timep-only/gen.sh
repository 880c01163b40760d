#!/bin/sh
# Undecidable: the shell's time -p of one run of the streaming program (its own output discarded).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/mixratio.c" -o "$B/mixratio"
{ echo "\$ time -p ./mixratio > /dev/null"; (cd "$B" && bash -c 'time -p ./mixratio > /dev/null') 2>&1; } > "$OUT/time-p.txt"
snap
