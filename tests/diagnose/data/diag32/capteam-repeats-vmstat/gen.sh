#!/bin/bash
# one serial run's command echoed and run six times: three on the machine as found, three beside
# three busy jobs (the project's own spinning program) with vmstat 1 recorded meanwhile
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -fopenmp -o "$B/capteam" "$SRC/capteam.c"
gcc -O1 -o "$B/otherjob" "$HERE/../../diag31/_src/otherjob.c"
snap
cd "$B"
{ echo "# as found"; for i in 1 2 3; do echo "\$ env OMP_NUM_THREADS=1 ./capteam 2000000 300"; OMP_NUM_THREADS=1 ./capteam 2000000 300; done; } > "$D/runs.txt"
./otherjob 9000000000 > /dev/null & o1=$!
./otherjob 9000000000 > /dev/null & o2=$!
./otherjob 9000000000 > /dev/null & o3=$!
sleep 1
{ echo "\$ vmstat 1   # during the later runs"; vmstat 1 6; } > "$D/vmstat.txt" &
v=$!
{ echo "# the same, later"; for i in 1 2 3; do echo "\$ env OMP_NUM_THREADS=1 ./capteam 2000000 300"; OMP_NUM_THREADS=1 ./capteam 2000000 300; done; } >> "$D/runs.txt"
wait $v
kill $o1 $o2 $o3 2>/dev/null || true
