#!/bin/sh
# Fortran all-pairs contact detection: /usr/bin/time of a particle-count sweep (2000 to 16000) as
# CSV, and gprof's line-level flat profile (-b -l) of a -pg build at n=8000.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/collide.f90" -o "$B/collide"
echo "n,steps,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/size-sweep.csv"
for n in 2000 4000 8000 16000; do csvtime "$OUT/size-sweep.csv" "$n,6" ./collide $n 6; done
gfortran -O2 -g -pg "$SRC/collide.f90" -o "$B/collide_pg"
(cd "$B" && ./collide_pg 8000 2 > /dev/null)
{ echo "\$ gprof -b -l ./collide_pg gmon.out"; (cd "$B" && gprof -b -l ./collide_pg gmon.out 2> /dev/null) | clean | head -40; } > "$OUT/gprof-lines.txt"
snap
