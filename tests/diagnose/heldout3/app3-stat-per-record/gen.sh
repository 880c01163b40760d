#!/bin/sh
# Two threads stat() the same config file before every record: strace -f -c, /usr/bin/time -v, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/statstorm.c" -o "$B/ss" -lm
echo "threshold=1" > "$B/app.conf"
OMP_NUM_THREADS=2 strace -f -c -o "$OUT/strace-f-c.txt" "$B/ss" "$B/app.conf" 500000 > /dev/null
OMP_NUM_THREADS=2 /usr/bin/time -v -o "$OUT/time-v.txt" "$B/ss" "$B/app.conf" > "$OUT/statstorm-output.txt"
snap
