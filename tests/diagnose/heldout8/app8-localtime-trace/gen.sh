#!/bin/sh
# time-stamped records with localtime() per record, TZ unset: printout, strace -c and ltrace -c.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/stamplog.c" -o "$B/sl"
env -u TZ "$B/sl" > "$OUT/stamplog-output.txt"
env -u TZ strace -c -o "$OUT/strace-c.txt" "$B/sl" > /dev/null
env -u TZ ltrace -c -o "$OUT/ltrace-c.txt" "$B/sl" 5000 > /dev/null
snap
