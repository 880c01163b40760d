#!/bin/sh
# Fortran modified Gram-Schmidt accumulating every dot product in real(16) (software quad): the
# program in real(16) and real(8) accumulation (same orthogonality error) and perf report
# --sort dso,sym of the real(16) run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/qnorm.f90" -o "$B/qnorm"
{ show ./qnorm 20000 40 16; show ./qnorm 20000 40 8; } > "$OUT/run.txt"
rec p.data -- ./qnorm 20000 40 16
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
