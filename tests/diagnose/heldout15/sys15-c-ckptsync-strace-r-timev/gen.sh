#!/bin/sh
# C time loop appending an 8 KB restart record and calling fsync after each of 600 steps (file on
# the local ext4 disk): the printout, strace -r (relative timestamps) of write/fsync, and
# /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/ckptsync.c" -o "$B/ckptsync" -lm
show ./ckptsync restart.dat 600 > "$OUT/run.txt"
(cd "$B" && strace -r -e trace=openat,write,fsync,close -o st.txt ./ckptsync restart.dat 600 > /dev/null)
{ echo "\$ strace -r -e trace=openat,write,fsync,close ./ckptsync restart.dat 600"; head -70 "$B/st.txt"; echo "..."; tail -12 "$B/st.txt"; } | clean > "$OUT/strace-r.txt"
timev time-v.txt ./ckptsync restart.dat 600 > /dev/null
cp "$B/time-v.txt" "$OUT/time-v.txt"
snap
