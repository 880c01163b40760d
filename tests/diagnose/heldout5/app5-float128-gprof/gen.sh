#!/bin/sh
# The same __float128 sum as a gprof user hands it over: printout, gprof -b, objdump of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/qsum.c" -o "$B/qs"
(cd "$B" && ./qs > "$OUT/qsum-output.txt" && gprof -b ./qs gmon.out > "$OUT/gprof.txt" 2> /dev/null)
disasm "$B/qs" main > "$OUT/objdump-main.txt"
snap
