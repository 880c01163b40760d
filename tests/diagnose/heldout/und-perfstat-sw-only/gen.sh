#!/bin/sh
# Matmul under perf stat with software events only (hardware events not supported).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/matmul_ijk.c" -o "$B/mm"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/mm" 512 > /dev/null 2>&1
snap
