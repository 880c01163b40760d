#!/bin/sh
# Payroll: shipped build and -DHOIST timed twice each, then perf report -F overhead,sym,srcline of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/payroll.c" -o "$B/payroll" -lm
gcc -O2 -g -DHOIST "$SRC/payroll.c" -o "$B/payroll_hoist" -lm
{ for b in payroll payroll payroll_hoist payroll_hoist; do show ptime ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./payroll
{ echo "\$ perf record -e cpu-clock ./payroll; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
