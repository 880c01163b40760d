#!/bin/sh
# Fortran diffusion loop writing the field as formatted text (ES24.16, one value per record) every
# 10 steps: the printout, perf report --sort dso,sym, and strace -c of the same run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/dumpfmt.f90" -o "$B/dumpfmt"
show ./dumpfmt 100000 40 > "$OUT/run.txt"
rec p.data -- ./dumpfmt 100000 40
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
(cd "$B" && strace -c -o sc.txt ./dumpfmt 100000 40 > /dev/null)
{ echo "\$ strace -c ./dumpfmt 100000 40"; cat "$B/sc.txt"; } > "$OUT/strace-c.txt"
snap
