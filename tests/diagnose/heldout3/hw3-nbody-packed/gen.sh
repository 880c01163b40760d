#!/bin/sh
# All-pairs n-body accelerations at -O3 -march=native -ffast-math: printout, objdump of accel, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -ffast-math -g "$SRC/nbody.c" -o "$B/nb" -lm
objdump -d --no-show-raw-insn --disassemble=accel "$B/nb" > "$OUT/objdump-accel.txt"
(cd "$B" && rec p.data ./nb > "$OUT/nbody-output.txt")
perf annotate -i "$B/p.data" --stdio -l accel 2> /dev/null | head -150 > "$OUT/perf-annotate.txt"
snap
