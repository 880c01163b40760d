#!/bin/sh
# Station catalogue load as the user reports it: the program's lines for last year's catalogue (20000)
# and this year's (40000), strace -c and /usr/bin/time -v of the 40000-station run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/stnload.c" -o "$B/stnload" -lm
{ show ./stnload 20000; show ./stnload 40000; } > "$OUT/run.txt"
(cd "$B" && strace -c -o "$B/sc.txt" ./stnload 40000 > /dev/null)
{ echo "\$ strace -c ./stnload 40000"; cat "$B/sc.txt"; } > "$OUT/strace-c.txt"
{ echo "\$ /usr/bin/time -v ./stnload 40000"; timev "$B/tv.txt" ./stnload 40000 > /dev/null; cat "$B/tv.txt"; } > "$OUT/time-v.txt" 2>&1
snap
