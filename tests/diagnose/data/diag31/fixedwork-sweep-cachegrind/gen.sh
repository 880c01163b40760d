#!/bin/bash
# column sums walking down the rows of a row-major matrix, the same 2^27 cell updates at every
# size (passes = 2^27 / n^2): a /usr/bin/time CSV sweep with the work column, and cachegrind
# of one mid-size run
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/colsum" "$SRC/colsum.c"
snap
cd "$B"
{ echo "n,passes,cell_updates,elapsed_s,user_s,sys_s"
  for n in 128 512 1024 2048 4096; do
    p=$(( (1 << 27) / (n * n) ))
    /usr/bin/time -f "$n,$p,$(( p * n * n )),%e,%U,%S" ./colsum $n $p cols 2>&1 >/dev/null
  done; } > "$D/size-sweep.csv"
valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$B/cg.out" ./colsum 1024 4 cols > /dev/null 2>&1
cg_annotate "$B/cg.out" "$SRC/colsum.c" > "$D/cg_annotate.txt" 2>/dev/null
