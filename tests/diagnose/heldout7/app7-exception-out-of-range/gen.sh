#!/bin/sh
# C++ table interpolation that throws and catches std::out_of_range for the half of the samples outside the table: printout, perf report, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/lookup.cpp" -o "$B/lk"
"$B/lk" 2000000 > "$OUT/lookup-output.txt"
(cd "$B" && rec p.data ./lk 2000000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
/usr/bin/time -v "$B/lk" 2000000 > /dev/null 2> "$OUT/time-v.txt"
snap
