#!/bin/sh
# Borehole well log: the program's compute/write split for the shipped and the -DONCE build, and strace -c -w
# (wall-clock time per syscall) of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/wellog.c" -o "$B/wellog" -lm
gcc -O2 -g -DONCE "$SRC/wellog.c" -o "$B/wellog_once" -lm
{ show ./wellog 40000; show ./wellog_once 40000; } > "$OUT/runs.txt"
{ echo "\$ strace -c -w -f ./wellog 40000"; stracecw ./wellog 40000; } > "$OUT/strace_cw.txt"
snap
