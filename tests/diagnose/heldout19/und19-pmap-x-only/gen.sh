#!/bin/sh
# What a user pasted for a slow smoothing run: pmap -x of the process while it ran (velmod at n=2048).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/velmod.c" -o "$B/velmod"
(cd "$B" && ./velmod 2048 40 > /dev/null) & VPID=$!
sleep 1
{ echo "\$ pmap -x \$(pgrep velmod)"; pmap -x "$(pgrep -P "$VPID" velmod || echo "$VPID")" 2>&1 | clean; } > "$OUT/pmap-x.txt"
wait "$VPID" || true
snap
