#!/bin/sh
# In-L1 polynomial built at -O1 (scalar SSE): objdump of main, perf annotate, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O1 -g "$SRC/polyO1.c" -o "$B/po"
objdump -d --no-show-raw-insn --disassemble=main "$B/po" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./po 300000 > "$OUT/poly-output.txt")
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null > "$OUT/perf-annotate.txt"
snap
