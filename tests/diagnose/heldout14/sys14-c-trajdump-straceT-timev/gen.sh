#!/bin/sh
# C MD-like loop appending one 4 KB frame per step to a file opened with O_DSYNC: the printout,
# strace -T -e trace=write of a 200-step run (time spent in each write), /usr/bin/time -v of a
# 500-step run, and the first 8 KB of the trajectory file it wrote.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/trajdump.c" -o "$B/trajdump" -lm
show ./trajdump 500 > "$OUT/run.txt"
{ echo "\$ strace -T -e trace=write ./trajdump 200"; (cd "$B" && strace -T -e trace=write -o st.txt ./trajdump 200 > /dev/null 2>&1); sed -e 's/, "[^"]*"\.\.\./, .../' "$B/st.txt"; } > "$OUT/strace-T-write.txt"
timev "$OUT/time-v.txt" ./trajdump 500 > /dev/null
head -c 8192 "$B/traj.bin" > "$OUT/traj.bin"
snap
