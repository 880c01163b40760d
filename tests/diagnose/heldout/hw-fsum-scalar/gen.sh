#!/bin/sh
# float dot product reduction at -O3 -march=native without fast-math: remarks, objdump, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopt-info-vec-all "$SRC/fsum.c" -o "$B/fs" 2> "$OUT/gcc-remarks.txt"
objdump -d --no-show-raw-insn --disassemble=dot "$B/fs" > "$OUT/objdump-dot.txt"
(cd "$B" && rec p.data ./fs > "$OUT/fsum-output.txt")
perf annotate -i "$B/p.data" --stdio -l dot 2> /dev/null > "$OUT/perf-annotate.txt"
snap
