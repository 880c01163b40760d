#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/mmapstep" "$SRC/mmapstep.c"
strace -c -f -o "$D/strace-c.txt" "$B/mmapstep" 120 > /dev/null
timev "$D/time-v.txt" "$B/mmapstep" 120 > /dev/null
