#!/bin/bash
# the program's one line: records, the compute phase and the output phase it timed
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/tidelog" "$HERE/../_src/tidelog.c" -lm
snap
cd "$B"
{ echo "\$ ./tidelog 200000 tides.txt"; ./tidelog 200000 tides.txt; } > "$D/run.txt"
