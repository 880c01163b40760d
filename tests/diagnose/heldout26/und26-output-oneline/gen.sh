#!/bin/sh
# What a user pasted: the one line their run printed (the -DHOIST SEIR build) and the command, nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DHOIST "$SRC/epidemic.c" -o "$B/seir" -lm
show ./seir 400 > "$OUT/output.txt"
snap
