#!/bin/sh
# real(10) Fortran weighted sum: gprof flat profile and objdump of the main program.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -pg -g "$SRC/ext_sum.f90" -o "$B/es"
(cd "$B" && ./es > "$OUT/ext-output.txt" && gprof -b ./es gmon.out > "$OUT/gprof.txt")
objdump -d --no-show-raw-insn --disassemble=MAIN__ "$B/es" > "$OUT/objdump-main.txt"
snap
