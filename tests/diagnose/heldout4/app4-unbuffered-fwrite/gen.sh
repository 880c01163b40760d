#!/bin/sh
# 400k 16-byte records fwrite-n to a stream with buffering switched off (setvbuf _IONBF): key: value printout, strace -c, /usr/bin/time -v, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/unbuf.c" -o "$B/ub"
"$B/ub" "$B/s1.bin" > "$OUT/unbuf-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/ub" "$B/s2.bin" > /dev/null
/usr/bin/time -v "$B/ub" "$B/s3.bin" > /dev/null 2> "$OUT/time-v.txt"
(cd "$B" && rec p.data ./ub "$B/s4.bin" > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
