#!/bin/sh
# long double kernel at -O2 -pg: gprof flat profile, objdump, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg -g "$SRC/ldouble.c" -o "$B/ld"
(cd "$B" && ./ld 4096 10000 > "$OUT/ldouble-output.txt" && gprof -b ./ld gmon.out > "$OUT/gprof.txt")
objdump -d --no-show-raw-insn --disassemble=main "$B/ld" > "$OUT/objdump-main.txt"
snap
