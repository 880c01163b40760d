#!/bin/sh
# N-body energy accumulation: the program's mode rows (real(16) accumulator 'q' as shipped, real(8)
# 'd') and perf report by dso and symbol of the shipped mode, with perf annotate -l of MAIN__.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/energyq.f90" -o "$B/energyq"
{ show ./energyq q 400000 20; show ./energyq d 400000 20; } > "$OUT/modes.txt"
rec p.data -- ./energyq q 400000 20
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
perf annotate -i "$B/p.data" --stdio -l MAIN__ 2> /dev/null | clean | head -80 > "$OUT/perf-annotate.txt"
snap
