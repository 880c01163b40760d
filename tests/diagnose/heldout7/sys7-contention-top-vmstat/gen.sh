#!/bin/sh
# The serial RK4 program run while three CPU hogs of another user share the 2 cores: its printout, top -b -n 1 taken mid-run, vmstat 1 during the run.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -mprefer-vector-width=512 "$SRC/rk4.c" -o "$B/rk"
load_on 3
vmstat 1 6 > "$OUT/vmstat.txt" & V=$!
"$B/rk" 1500000 > "$OUT/rk4-output.txt" & P=$!
sleep 2
top -b -n 1 -w 120 | head -20 > "$OUT/top.txt"
wait "$P"
wait "$V"
load_off
snap
