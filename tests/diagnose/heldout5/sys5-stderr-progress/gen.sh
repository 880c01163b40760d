#!/bin/sh
# Progress line per particle on stderr (unbuffered), redirected to a log file: printout, strace -c, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/progress.c" -o "$B/pg" -lm
"$B/pg" 200000 > "$OUT/progress-output.txt" 2> "$B/progress.log"
strace -c -o "$OUT/strace-c.txt" "$B/pg" 100000 > /dev/null 2> "$B/progress2.log"
/usr/bin/time -v -o "$OUT/time-v.txt" "$B/pg" 200000 > /dev/null 2> "$B/progress3.log"
tail -3 "$B/progress.log" > "$OUT/progress-log-tail.txt"
snap
