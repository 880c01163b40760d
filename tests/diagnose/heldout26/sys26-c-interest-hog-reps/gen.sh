#!/bin/sh
# Loan accrual (-DDBL build, the fast one): three runs on the quiet node, then three while two stress-ng CPU hogs
# (another user's job) run, with uptime/ps pasted during the slow runs.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DDBL "$SRC/interest.c" -o "$B/interest"
{ echo "# morning runs"; for i in 1 2 3; do show ./interest 1500; done; } > "$OUT/runs-morning.txt"
load_on 2
{ echo "# afternoon runs"; for i in 1 2 3; do show ./interest 1500; done; } > "$OUT/runs-afternoon.txt"
{ show uptime; echo "\$ top -b -n 1"; topsnap 16; } > "$OUT/uptime-top-afternoon.txt"
load_off
snap
