#!/bin/sh
# C++ 2-D diffusion on a grid kept in std::unordered_map<long long,double>: callgrind_annotate
# --auto=yes at 128x128 (2 steps), perf report --sort dso,sym at 1024x1024 (20 steps), the printout.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/hashgrid.cpp" -o "$B/hashgrid"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./hashgrid 128 2 > /dev/null 2>&1)
(cd "$B" && callgrind_annotate --auto=yes cg.out) 2>&1 | head -150 > "$OUT/callgrind-annotate.txt"
show ./hashgrid 1024 20 > "$OUT/run.txt"
rec p.data -- ./hashgrid 1024 20
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report-dso-sym.txt"
snap
