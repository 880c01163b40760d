#!/bin/sh
# long double expl/logl accumulation: objdump of main, perf report, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/expl_ld.c" -o "$B/el" -lm
objdump -d --no-show-raw-insn --disassemble=main "$B/el" > "$OUT/objdump-main.txt"
(cd "$B" && rec p.data ./el > "$OUT/expl-output.txt")
report "$B/p.data" > "$OUT/perf-report.txt"
snap
