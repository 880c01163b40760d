#!/bin/sh
# Fortran energy sum accumulated in real(16): the program's rate, perf report by shared object and
# symbol, objdump of the main program (calls to the soft-float routines).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/quadsum.f90" -o "$B/qs"
show ./qs > "$OUT/quadsum-output.txt"
rec p.data ./qs > /dev/null
report "$B/p.data" dso,sym 30 > "$OUT/perf-report-dso-sym.txt"
disasm "$B/qs" MAIN__ > "$OUT/objdump-MAIN.txt"
snap
