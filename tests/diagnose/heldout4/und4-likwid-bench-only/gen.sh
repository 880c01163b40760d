#!/bin/sh
# Only three likwid-bench triad runs and three copy runs (the machine's ceiling, no application data).
. "$(dirname "$0")/../_lib.sh"
bench3 triad > "$OUT/likwid-bench-triad.txt" 2>&1
bench3 copy > "$OUT/likwid-bench-copy.txt" 2>&1
snap
