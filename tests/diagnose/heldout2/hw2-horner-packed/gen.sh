#!/bin/sh
# Degree-16 Horner on an in-L1 array, -O3 -march=native: remarks, objdump, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopt-info-vec-all "$SRC/horner_packed.c" -o "$B/hp" 2> "$OUT/gcc-remarks.txt"
objdump -d --no-show-raw-insn --disassemble=main "$B/hp" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./hp 60000 > "$OUT/horner-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
