#!/bin/sh
# Shipment CSV report: the shipped build and -DBUF, each run once, and strace -c -f of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/csvreport.c" -o "$B/csvreport"
gcc -O2 -g -DBUF "$SRC/csvreport.c" -o "$B/csvreport_buf"
{ show ./csvreport; show ./csvreport_buf; show ls -l report.csv; } > "$OUT/builds.txt"
{ echo "\$ strace -c -f ./csvreport"; stracec ./csvreport; } > "$OUT/strace-c.txt"
snap
