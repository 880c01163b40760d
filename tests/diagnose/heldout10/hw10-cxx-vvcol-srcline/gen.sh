#!/bin/sh
# The same column walk: perf report sorted by source line (-g off, --no-children) and /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/vvcol.cpp" -o "$B/vvcol"
rec p.data -- ./vvcol 3000 col 150000000
perf report -i "$B/p.data" --stdio --no-children --sort srcline --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-srcline.txt"
(cd "$B" && /usr/bin/time -v ./vvcol 3000 col 150000000) > "$OUT/time-v.txt" 2>&1
snap
