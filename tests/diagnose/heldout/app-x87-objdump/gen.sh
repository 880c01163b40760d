#!/bin/sh
# long double Horner kernel at -O3 -march=native: objdump, remarks, perf annotate, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopt-info-vec-all "$SRC/ldouble.c" -o "$B/ld" 2> "$OUT/gcc-remarks.txt"
objdump -d --no-show-raw-insn --disassemble=main "$B/ld" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./ld > "$OUT/ldouble-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
