#!/bin/sh
# Fortran tabulated EOS with a linear scan for the table interval: the program's own table of
# five table sizes at 200000 queries each, and gprof -b -l (line-level flat profile) at 4000
# entries.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/eostab.f90" "$B/"
(cd "$B" && gfortran -O2 -g eostab.f90 -o eostab && gfortran -O2 -g -pg eostab.f90 -o eostab_pg)
show ./eostab > "$OUT/run.txt"
(cd "$B" && ./eostab_pg 4000 400000 > /dev/null)
{ echo "\$ gfortran -O2 -g -pg eostab.f90 -o eostab_pg && ./eostab_pg 4000 400000 && gprof -b -l eostab_pg gmon.out"
  (cd "$B" && gprof -b -l eostab_pg gmon.out 2> /dev/null) | head -40; } | clean > "$OUT/gprof-l.txt"
snap
