#!/bin/bash
# the flock at four sizes (one key=value line each, pairs printed beside the birds), and a
# gprof profile of the 2000-bird run (a -pg build): near_miss called once per pair
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/flocking" "$HERE/../_src/flocking.c"
gcc -O2 -pg -o "$B/flocking_pg" "$HERE/../_src/flocking.c"
snap
cd "$B"
{ echo "\$ for n in 1000 2000 4000 8000; do ./flocking sweep \$n; done"
  for n in 1000 2000 4000 8000; do ./flocking sweep $n; done; } > "$D/sizes.txt"
./flocking_pg sweep 2000 > /dev/null
{ echo "\$ gprof -b ./flocking_pg gmon.out   # run: ./flocking_pg sweep 2000"
  gprof -b ./flocking_pg gmon.out; } > "$D/gprof.txt"
