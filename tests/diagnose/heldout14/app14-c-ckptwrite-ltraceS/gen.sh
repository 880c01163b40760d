#!/bin/sh
# C checkpoint writer calling fwrite once per 8-byte value on a buffered FILE: the printout of a
# 4 M-value run and ltrace -S -c (library calls and system calls counted together) of a small run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/ckptwrite.c" -o "$B/ckptwrite"
show ./ckptwrite 4000000 3 > "$OUT/run.txt"
{ echo "\$ ltrace -S -c ./ckptwrite 20000 1"; (cd "$B" && ltrace -S -c -o lt.txt ./ckptwrite 20000 1 > /dev/null 2>&1); cat "$B/lt.txt"; } > "$OUT/ltrace-S-c.txt"
snap
