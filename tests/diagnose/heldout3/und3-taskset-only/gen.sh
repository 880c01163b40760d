#!/bin/sh
# Only taskset -p of the running job (the n-body program, free to use both CPUs) and the user's README.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -ffast-math "$SRC/nbody.c" -o "$B/nb" -lm
"$B/nb" 2000 200 > /dev/null & P=$!
sleep 1
taskset -p "$P" > "$OUT/taskset-p.txt"
kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true
cat > "$OUT/README.md" << 'NOTE'
# Our solver run

We attach what the admin told us to run while the job was going. The job takes about as long
as last month. Please tell us if something is wrong with the placement.
NOTE
snap
