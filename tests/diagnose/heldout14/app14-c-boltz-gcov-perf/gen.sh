#!/bin/sh
# C Monte Carlo level sampling that recomputes the Boltzmann factors of 40 levels at a fixed
# temperature for every atom and step: gcov's line counts (boltz.c.gcov of a --coverage build)
# and perf report --sort dso,sym of the optimized build.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/boltz.c" "$B/"
(cd "$B" && gcc -O2 -g boltz.c -o boltz -lm && gcc -O0 --coverage -c boltz.c && gcc --coverage boltz.o -o boltz_cov -lm)
show ./boltz 150000 10 > "$OUT/run.txt"
(cd "$B" && ./boltz_cov 150000 10 > /dev/null && gcov boltz.c > gcov.log 2>&1)
{ echo "\$ gcc -O0 --coverage -c boltz.c && gcc --coverage boltz.o -o boltz_cov -lm && ./boltz_cov 150000 10 && gcov boltz.c"; cat "$B/gcov.log"; cat "$B/boltz.c.gcov"; } | clean > "$OUT/boltz.c.gcov"
rec p.data -- ./boltz 150000 10
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
snap
