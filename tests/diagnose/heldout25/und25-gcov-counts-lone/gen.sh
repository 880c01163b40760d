#!/bin/sh
# What a user pasted: gcov's line counts of their main loop (the -DBISECT neutron build), no timing.
. "$(dirname "$0")/../_lib.sh"
gcc -O1 -g --coverage -DBISECT "$SRC/neutron.c" -o "$B/neutron" -lm
(cd "$B" && ./neutron 20000 3000 > /dev/null)
{ echo "\$ gcov neutron.c; sed -n 6,40p neutron.c.gcov"; gcovtxt neutron.c 6 40; } > "$OUT/gcov.txt"
snap
