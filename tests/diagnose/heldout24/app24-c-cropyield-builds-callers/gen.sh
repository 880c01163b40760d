#!/bin/sh
# Crop yield: rows of the shipped build and of -DONCE (percentiles sorted once), and perf report -g caller of the
# shipped build (frame pointers, qsort's time under the day loop).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fno-omit-frame-pointer "$SRC/cropyield.c" -o "$B/cropyield"
gcc -O2 -g -DONCE "$SRC/cropyield.c" -o "$B/cropyield_once"
{ for b in cropyield cropyield_once; do show ./$b; done; } > "$OUT/builds.txt"
(cd "$B" && perf record -q -e cpu-clock -F 999 -g -o p.data ./cropyield > /dev/null 2>&1)
{ echo "\$ perf record -g -e cpu-clock ./cropyield; perf report -g caller --sort sym,srcline"; perf report -i "$B/p.data" --stdio --children --sort sym -g caller,0.5,callee,function,percent --percent-limit 3 2> /dev/null | grep -v '^$' | clean | head -80; } > "$OUT/perf-callers.txt"
snap
