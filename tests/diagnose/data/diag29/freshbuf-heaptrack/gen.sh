#!/bin/bash
# heaptrack of a step that callocs and frees a 48 MB scratch field every step
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/freshbuf" "$SRC/freshbuf.c"
snap
cd "$B"
rm -f heaptrack.freshbuf.*
heaptrack -o "$B/heaptrack.freshbuf" ./freshbuf 6000000 20 > /dev/null 2>&1
heaptrack_print "$(ls "$B"/heaptrack.freshbuf.* | head -1)" > "$D/heaptrack-print.txt" 2>/dev/null
