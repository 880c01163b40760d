#!/bin/sh
# time-stamped records with localtime() per record, TZ unset: printout and perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/stamplog.c" -o "$B/sl"
env -u TZ "$B/sl" > "$OUT/stamplog-output.txt"
(cd "$B" && env -u TZ perf record -q -e cpu-clock -F 999 -g -o p.data ./sl 1000000 > /dev/null)
report "$B/p.data" 40 > "$OUT/perf-report.txt"
snap
