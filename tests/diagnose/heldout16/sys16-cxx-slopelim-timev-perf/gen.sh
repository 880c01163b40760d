#!/bin/sh
# C++ MUSCL slope limiter allocating a fresh zero-initialised 64 MB std::vector every step (above
# glibc's mmap threshold: mapped and unmapped each step): the program's line, /usr/bin/time -v, and
# perf report --sort dso,sym (user and kernel samples).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/slopelim.cpp" -o "$B/slopelim"
show ./slopelim > "$OUT/run.txt"
timev time-v.txt ./slopelim > /dev/null
cp "$B/time-v.txt" "$OUT/time-v.txt"
rec p.data -- ./slopelim
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
