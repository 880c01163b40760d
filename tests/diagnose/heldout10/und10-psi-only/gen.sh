#!/bin/sh
# Undecidable: only the kernel's pressure-stall files read before and after a run of the column-sum program.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/vvcol.cpp" -o "$B/vvcol"
{ for f in cpu memory io; do echo "\$ cat /proc/pressure/$f"; cat /proc/pressure/$f; done
  (cd "$B" && ./vvcol 3000 col 100000000 > /dev/null)
  echo "# after the run"; for f in cpu memory io; do echo "\$ cat /proc/pressure/$f"; cat /proc/pressure/$f; done; } > "$OUT/pressure.txt"
snap
