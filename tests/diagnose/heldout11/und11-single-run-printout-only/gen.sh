#!/bin/sh
# Only one run's printout of the event-queue program at one size (no sweep, no profile).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 "$SRC/evqueue.cpp" -o "$B/evq"
show ./evq 60000 > "$OUT/run.txt"
snap
