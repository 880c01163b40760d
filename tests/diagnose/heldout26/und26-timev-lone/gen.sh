#!/bin/sh
# What a user pasted: /usr/bin/time -v of their program (the -DSORTED reconciliation), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DSORTED "$SRC/invmatch.c" -o "$B/recon"
timev "$B/timev.txt" ./recon 2000000 2000000 > /dev/null
{ echo "\$ /usr/bin/time -v ./recon 2000000 2000000"; cat "$B/timev.txt"; } > "$OUT/time-v.txt"
snap
