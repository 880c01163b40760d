#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/smallwrite" "$SRC/smallwrite.c"
"$B/smallwrite" "$B/sw.out" 3000000 > /dev/null & P=$!
sleep 1.5
cat /proc/$P/io > "$D/proc-io.txt"; cat /proc/$P/status > "$D/proc-status.txt"; cat /proc/$P/sched > "$D/proc-sched.txt" 2>/dev/null || true
wait $P
