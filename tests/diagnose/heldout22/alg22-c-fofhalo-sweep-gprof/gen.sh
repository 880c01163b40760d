#!/bin/sh
# Halo link counting: the size sweep (1000 to 8000 particles at constant density), gprof's flat profile,
# line profile (-l) and call counts of a static -pg build (libm linked in, so its time is sampled), 6000 particles.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/fofhalo.c" -o "$B/fofhalo" -lm
{ for n in 1000 2000 4000 8000; do show ./fofhalo $n; done; } > "$OUT/sweep.txt"
gcc -O2 -g -pg -fno-inline -static "$SRC/fofhalo.c" -o "$B/fofhalo_pg" -lm
(cd "$B" && ./fofhalo_pg 6000 > /dev/null)
{ echo "\$ gprof -b -p fofhalo_pg gmon.out"; (cd "$B" && gprof -b -p fofhalo_pg gmon.out 2> /dev/null) | head -20; } > "$OUT/gprof-flat.txt"
{ echo "\$ gprof -b -l -p fofhalo_pg gmon.out"; (cd "$B" && gprof -b -l -p fofhalo_pg gmon.out 2> /dev/null) | clean | head -30; } > "$OUT/gprof-lines.txt"
{ echo "\$ gprof -b -C fofhalo_pg gmon.out"; gprofC fofhalo_pg 30; } > "$OUT/gprof-counts.txt"
snap
