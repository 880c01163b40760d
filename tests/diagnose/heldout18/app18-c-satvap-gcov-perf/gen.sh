#!/bin/sh
# Cloud condensation step: gcov line counts of a coverage build (20000 cells x 40 steps) and perf
# report by symbol of the optimised build (200000 cells x 200 steps), with the program's line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/satvap.c" -o "$B/satvap" -lm
cp "$SRC/satvap.c" "$B/satvap.c"
(cd "$B" && gcc -O0 -g --coverage -c satvap.c -o satvap_cov.o && gcc --coverage satvap_cov.o -o satvap_cov -lm && ./satvap_cov 20000 40 > /dev/null && gcov -o . satvap_cov.o > /dev/null 2>&1)
clean < "$B/satvap.c.gcov" > "$OUT/satvap.c.gcov"
show ./satvap 200000 200 > "$OUT/run.txt"
rec p.data -- ./satvap 200000 200
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
