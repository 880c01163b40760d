#!/bin/sh
# All-pairs n-body accelerations at -O3 -march=native -ffast-math: printout, objdump of main (accel is inlined there), perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -ffast-math -g "$SRC/nbody.c" -o "$B/nb" -lm
objdump -d --no-show-raw-insn --disassemble=main "$B/nb" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./nb > "$OUT/nbody-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
