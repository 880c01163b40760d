#!/bin/sh
# Packet batches: /usr/bin/time -f of the shipped build and of -DREUSE (twice each): elapsed, user, sys, minor faults, max RSS.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pktbuf.c" -o "$B/pktbuf"
gcc -O2 -g -DREUSE "$SRC/pktbuf.c" -o "$B/pktbuf_reuse"
{ echo "\$ /usr/bin/time -f 'build=%C elapsed=%e user=%U sys=%S minflt=%R majflt=%F maxrss_kb=%M'"; for b in pktbuf pktbuf pktbuf_reuse pktbuf_reuse; do (cd "$B" && /usr/bin/time -f "build=%C elapsed=%e user=%U sys=%S minflt=%R majflt=%F maxrss_kb=%M" ./$b) 2>&1; done; } > "$OUT/time-builds.txt"
snap
