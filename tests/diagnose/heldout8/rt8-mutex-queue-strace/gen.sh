#!/bin/sh
# pthread producer/two consumers through one mutex-protected ring: printout and strace -f -c.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pthread "$SRC/workqueue.c" -o "$B/wq"
show "$B/wq" > "$OUT/workqueue-output.txt"
strace -f -c -o "$OUT/strace-fc.txt" "$B/wq" 2000000 > /dev/null
snap
