#!/bin/sh
# exp() of a value that depends only on the outer index, evaluated in the inner loop: perf report, objdump of main, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/exphoist.c" -o "$B/ex" -lm
objdump -d --no-show-raw-insn --disassemble=main "$B/ex" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./ex > "$OUT/exphoist-output.txt")
report "$B/p.data" > "$OUT/perf-report.txt"
snap
