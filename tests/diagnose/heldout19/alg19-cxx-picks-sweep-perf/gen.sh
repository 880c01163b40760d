#!/bin/sh
# FIFO of seismic picks kept in a std::vector (erase(begin()) per pick): a size table over 10000-80000
# picks and perf report (--sort dso,sym) of a 60000-pick run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/picks.cpp" -o "$B/picks"
{ echo "\$ for n in 10000 20000 40000 80000; do ./picks \$n; done"
  (cd "$B" && for n in 10000 20000 40000 80000; do ./picks $n; done); } > "$OUT/size-table.txt" 2>&1
rec p.data -- ./picks 60000
prep --sort dso,sym --percent-limit 0.5 | clean > "$OUT/perf-report.txt"
snap
