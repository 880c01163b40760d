#!/bin/sh
# What a user pasted: /usr/bin/time -v of their program (an unnamed -DROWS build of lidarvox at n = 2048), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DROWS "$SRC/lidarvox.c" -o "$B/voxstat"
{ echo "\$ /usr/bin/time -v ./voxstat 2048 > out.txt"; (cd "$B" && /usr/bin/time -v ./voxstat 2048 2>&1 > /dev/null); } > "$OUT/time-v.txt"
snap
