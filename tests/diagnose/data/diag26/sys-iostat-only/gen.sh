#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/smallwrite" "$SRC/smallwrite.c"
"$B/smallwrite" "$B/sw.out" 300000 > /dev/null &
iostat -x 1 3 > "$D/iostat-x.txt"
wait
