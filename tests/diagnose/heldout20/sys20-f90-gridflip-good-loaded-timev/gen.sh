#!/bin/sh
# The interchanged diffusion build (contiguous inner loop) beside three stress-ng hogs: the user's
# uptime/ps paste, vmstat 1 while it ran, the program's output and its /usr/bin/time -v report.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -DGOOD -J "$B" "$SRC/gridflip.F90" -o "$B/gridflip"
load_on 3
loadsnap > "$OUT/load.txt"
{ echo "\$ /usr/bin/time -v -o time-v.txt ./gridflip 2048 80"; vmwhile /usr/bin/time -v -o "$B/tv.txt" ./gridflip 2048 80; } > "$OUT/run.txt" 2>&1
load_off
{ echo "\$ vmstat 1   # while it ran"; cat "$B/vmstat.out"; } > "$OUT/vmstat.txt"
{ echo "\$ cat time-v.txt"; cat "$B/tv.txt"; } > "$OUT/time-v.txt"
snap
