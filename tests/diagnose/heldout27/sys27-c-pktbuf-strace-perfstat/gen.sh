#!/bin/sh
# Packet batches: strace -tt of mmap,munmap (first 30 lines) and perf stat (software events) of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pktbuf.c" -o "$B/pktbuf"
{ echo "\$ strace -tt -e trace=mmap,munmap ./pktbuf 2>&1 >/dev/null | head -30"; stracett mmap,munmap ./pktbuf | head -30; } > "$OUT/strace-mmap.txt"
{ echo "\$ perf stat ./pktbuf"; perfstatp ./pktbuf; } > "$OUT/perfstat.txt"
snap
