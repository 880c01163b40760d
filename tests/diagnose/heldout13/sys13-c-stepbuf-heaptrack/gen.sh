#!/bin/sh
# C reaction-diffusion steps whose step routine callocs and frees a 40 MB work array per call:
# the program's printout and heaptrack_print of a heaptrack run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/stepbuf.c" -o "$B/stepbuf"
show ./stepbuf 5000000 40 > "$OUT/run.txt"
(cd "$B" && heaptrack -o ht ./stepbuf 5000000 40 > /dev/null 2>&1)
heaptrack_print "$B"/ht.*st 2> /dev/null | clean | head -200 > "$OUT/heaptrack-print.txt"
snap
