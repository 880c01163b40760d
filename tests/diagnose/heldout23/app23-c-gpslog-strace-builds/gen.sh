#!/bin/sh
# Buoy track writer: build rows of the shipped build (open/append/close per fix) and of -DONCE, two runs each,
# and strace -c -f of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gpslog.c" -o "$B/gpslog" -lm
gcc -O2 -g -DONCE "$SRC/gpslog.c" -o "$B/gpslog_once" -lm
{ for b in gpslog gpslog gpslog_once gpslog_once; do show ./$b; done; } > "$OUT/builds.txt"
{ echo "\$ strace -c -f ./gpslog"; (cd "$B" && strace -c -f ./gpslog 2>&1 > /dev/null); } > "$OUT/strace-c.txt"
snap
