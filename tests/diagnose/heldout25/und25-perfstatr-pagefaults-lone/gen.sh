#!/bin/sh
# What a user pasted: perf stat -r 3 (software events) of their program (the -DHOIST pyrolysis build), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DHOIST "$SRC/pyrolysis.c" -o "$B/reactor" -lm
{ echo "\$ perf stat -r 3 -e task-clock,context-switches,cpu-migrations,page-faults ./reactor 200000 300"; perfstatr 3 ./reactor 200000 300 | grep -v '^pyrolysis'; } > "$OUT/perfstat.txt"
snap
