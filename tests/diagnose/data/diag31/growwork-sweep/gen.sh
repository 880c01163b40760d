#!/bin/bash
# the same program walking along the rows, 32 passes at every size: the work (n^2 cell updates a
# pass) grows with the size, and the time with it; a /usr/bin/time CSV sweep with the work column
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/colsum" "$SRC/colsum.c"
snap
cd "$B"
{ echo "n,passes,cell_updates,elapsed_s,user_s,sys_s"
  for n in 1024 2048 4096 8192; do
    /usr/bin/time -f "$n,32,$(( 32 * n * n )),%e,%U,%S" ./colsum $n 32 rows 2>&1 >/dev/null
  done; } > "$D/size-sweep.csv"
