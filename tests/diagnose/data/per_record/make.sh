#!/bin/sh
# Regenerates the per-record library-work fixtures: src/stamps.c formats every record's time
# with localtime()+strftime() (TZ unset) or, with "once", looks the zone up once (the
# look-alike: the per-record checksum is the job). perf record/report (cpu-clock) and
# strace -c of each; src/fileper.c (a file stat()ed and written per record) is the I/O
# look-alike. Run from this directory.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
unset TZ
gcc -O2 -g src/stamps.c -o "$B/st"
for v in each once; do
  perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/st" $v 400000 > "stamps-$v-output.txt" 2>/dev/null
  perf report -i "$B/p.data" --stdio 2> /dev/null | grep -v "^$" | head -45 > "perf-report-stamps-$v.txt"
  strace -c -o "strace-c-stamps-$v.txt" "$B/st" $v 400000 > /dev/null
done
# the look-alike: a file stat()ed and written per record (the kernel time is the files')
gcc -O2 -g src/fileper.c -o "$B/fp"
mkdir "$B/out"
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/fp" "$B/out" 20000 > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | grep -v "^$" | head -60 > perf-report-fileper.txt
