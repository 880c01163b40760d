#!/bin/sh
# Photolysis-rate accumulation as shipped (-O2): the program's line, a perf report by symbol, and
# objdump -S (source-interleaved disassembly) of accumulate.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DBUILD='"-O2"' "$SRC/rates.c" -o "$B/rates"
show ./rates > "$OUT/run.txt"
rec p.data -- ./rates
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
{ echo "\$ objdump -S --no-show-raw-insn --disassemble=accumulate ./rates"; objsrc "$B/rates" accumulate; } > "$OUT/objdump-S.txt"
snap
