#!/bin/sh
# C cumulative Gaussian table, each entry summed from scratch: the program's size sweep, perf report
# --sort dso,sym at n=16000, and callgrind_annotate --auto=yes --inclusive=yes at n=2000.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cdftab.c" -o "$B/cdftab" -lm
show ./cdftab 3000 6000 12000 24000 > "$OUT/size-sweep.txt"
rec p.data -- ./cdftab 16000
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./cdftab 2000 > /dev/null 2>&1)
(cd "$B" && callgrind_annotate --auto=yes --inclusive=yes cg.out) 2>&1 | head -150 > "$OUT/callgrind-annotate.txt"
snap
