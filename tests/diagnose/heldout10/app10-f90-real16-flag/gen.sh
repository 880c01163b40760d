#!/bin/sh
# A real(8) Fortran relaxation built with -freal-8-real-16 (inherited from a makefile): the build
# log, the disassembly of MAIN__, perf report by dso,sym and the printout.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ make relax"; echo "gfortran -O2 -g -freal-8-real-16 -o relax relax8.f90"; (cd "$B" && gfortran -O2 -g -freal-8-real-16 -o relax "$SRC/relax8.f90") 2>&1; } > "$OUT/build.log"
disasm "$B/relax" MAIN__ | head -160 > "$OUT/objdump-MAIN.txt"
rec p.data -- ./relax 2000
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym --percent-limit 0.5 2> /dev/null | head -30 > "$OUT/perf-report-dso-sym.txt"
show ./relax 2000 > "$OUT/run.txt"
snap
