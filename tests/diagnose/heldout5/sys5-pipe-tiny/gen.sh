#!/bin/sh
# Producer and consumer processes passing one double per write/read through a pipe: printout, strace -f -c, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/pipesum.c" -o "$B/ps"
"$B/ps" 1000000 > "$OUT/pipesum-output.txt"
strace -f -c -o "$OUT/strace-fc.txt" "$B/ps" 50000 > /dev/null
/usr/bin/time -v "$B/ps" 1000000 > /dev/null 2> "$OUT/time-v.txt"
snap
