#!/bin/sh
# long double dot product and norm: remarks at -O3 -march=native, objdump, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopt-info-vec-all "$SRC/ldot.c" -o "$B/ld" 2> "$OUT/gcc-remarks.txt"
objdump -d --no-show-raw-insn --disassemble=main "$B/ld" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./ld 40000 > "$OUT/ldot-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
