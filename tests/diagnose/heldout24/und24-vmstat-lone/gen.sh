#!/bin/sh
# What a user pasted: vmstat 1 while their program ran (the -DONCE crop yield build), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DONCE "$SRC/cropyield.c" -o "$B/season"
vmwhile ./season 3000000 30 > /dev/null
{ echo "\$ vmstat 1   (while ./season ran)"; head -20 "$B/vmstat.out"; } > "$OUT/vmstat.txt"
snap
