#!/bin/sh
# Polymer chain growth beside three stress-ng hogs: the user's uptime/ps paste, the step table, and the
# /usr/bin/time -v report of the same run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/chaingrow.f90" -o "$B/chaingrow"
load_on 3
loadsnap > "$OUT/load.txt"
{ echo "\$ /usr/bin/time -v -o time-v.txt ./chaingrow 14 600"; timev "$B/tv.txt" ./chaingrow 14 600; } > "$OUT/run.txt" 2>&1
load_off
{ echo "\$ cat time-v.txt"; cat "$B/tv.txt"; } > "$OUT/time-v.txt"
snap
