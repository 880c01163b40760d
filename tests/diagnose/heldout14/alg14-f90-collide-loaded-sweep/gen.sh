#!/bin/sh
# The all-pairs contact program on a machine with two stress-ng CPU hogs: a folder as handed over:
# uptime/ps, the printout of a particle-count sweep, /usr/bin/time of the same sweep as CSV, and
# the gmon.out a -pg build left behind (binary; no gprof listing).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/collide.f90" -o "$B/collide"
gfortran -O2 -g -pg "$SRC/collide.f90" -o "$B/collide_pg"
load_on 2
loadsnap > "$OUT/load.txt"
for n in 2000 4000 8000 16000; do show ./collide $n 4; done > "$OUT/run.txt"
echo "n,steps,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/size-sweep.csv"
for n in 2000 4000 8000 16000; do csvtime "$OUT/size-sweep.csv" "$n,4" ./collide $n 4; done
(cd "$B" && ./collide_pg 4000 2 > /dev/null)
load_off
cp "$B/gmon.out" "$OUT/gmon.out"
snap
