#!/bin/sh
# Radiosonde post-processing: the program's line (1000 soundings), strace -c of the same run, an
# ltrace -T excerpt (time inside each fprintf) of a 1-sounding run, and the line of the -DBUFFERED build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/sonde.c" -o "$B/sonde" -lm
gcc -O2 -g -DBUFFERED "$SRC/sonde.c" -o "$B/sonde_buffered" -lm
{ show ./sonde 1000 levels.txt; show ./sonde 1000 levels.txt; } > "$OUT/run.txt"
(cd "$B" && strace -c -o "$B/sc.txt" ./sonde 1000 levels.txt > /dev/null)
{ echo "\$ strace -c ./sonde 1000 levels.txt"; cat "$B/sc.txt"; } > "$OUT/strace-c.txt"
{ echo "\$ ltrace -T -e fprintf+pow+exp ./sonde 1 levels.txt"; (cd "$B" && ltrace -T -e fprintf+pow+exp ./sonde 1 levels.txt 2>&1) | sed -n '1,40p;$p'; } > "$OUT/ltrace-T.txt"
{ echo "\$ gcc -O2 -g -DBUFFERED sonde.c -o sonde_buffered -lm && ./sonde_buffered 1000 levels.txt"; show ./sonde_buffered 1000 levels.txt | tail -1; show ./sonde_buffered 1000 levels.txt | tail -1; } > "$OUT/run-buffered.txt"
snap
