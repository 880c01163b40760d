#!/bin/sh
# C++ diffusion step that constructs a 48 MB std::vector scratch array every step: perf stat (software
# events), perf report by symbol (kernel page-fault and zeroing paths), the program's printout.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/vtemp.cpp" -o "$B/vt"
(cd "$B" && perf stat -e "$SW" ./vt 6000000 40) > "$OUT/perf-stat.txt" 2>&1
rec p.data ./vt 6000000 40 > /dev/null
report "$B/p.data" sym 35 > "$OUT/perf-report.txt"
snap
