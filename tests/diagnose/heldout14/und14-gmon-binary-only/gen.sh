#!/bin/sh
# Undecidable: the binary gmon.out of a -pg build of the all-pairs contact program, without the
# executable or a gprof listing.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -pg "$SRC/collide.f90" -o "$B/collide_pg"
(cd "$B" && ./collide_pg 4000 2 > /dev/null)
cp "$B/gmon.out" "$OUT/gmon.out"
snap
