#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/mmapstep" "$SRC/mmapstep.c"
"$B/mmapstep" 400 > /dev/null & P=$!
sleep 1; cat /proc/$P/smaps_rollup > "$D/smaps_rollup.txt"
wait $P
