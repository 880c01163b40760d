#!/bin/sh
# What a user pasted: one top -b screen taken while their program (the -DFLOAT revaluation, 2 threads) ran.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -DFLOAT "$SRC/pricegrid.c" -o "$B/book"
(cd "$B" && ./book 200 > /dev/null) & PB=$!
sleep 2
{ echo "\$ top -b -n 1"; topsnap 20; } > "$OUT/top.txt"
wait $PB
snap
