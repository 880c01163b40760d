#!/bin/bash
# a serial program reading one 64 MB file whole 40 times: perf report by dso and symbol (the
# kernel copies from the page cache into the buffer: _copy_to_iter without any pinned pages)
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -o "$B/rereadfile" "$SRC/rereadfile.c"
snap
cd "$B"
head -c 67108864 /dev/urandom > "$B/data.bin"
cat "$B/data.bin" > /dev/null
perf record -q -e cpu-clock -o "$B/rr.data" -- ./rereadfile "$B/data.bin" 40 > /dev/null 2>&1
perf report --stdio --no-children --sort dso,sym -i "$B/rr.data" 2>/dev/null | head -50 > "$D/perf-report.txt"
