#!/bin/sh
# Sum of a[i] % m[i] (64-bit run-time divisors) in cache at -O3 -march=native: remarks, objdump of main (remsum is inlined there), perf annotate, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopt-info-vec-all "$SRC/idiv.c" -o "$B/id" 2> "$OUT/gcc-remarks.txt"
objdump -d --no-show-raw-insn --disassemble=main "$B/id" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./id > "$OUT/idiv-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null | head -300 > "$OUT/perf-annotate.txt"
snap
