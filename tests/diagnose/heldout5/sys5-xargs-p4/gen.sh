#!/bin/sh
# Four serial Monte-Carlo jobs started together with xargs -P 4 on the 2-core machine: each job's printout (own wall and CPU time) and /usr/bin/time -v of each; one job run alone.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/burn.c" -o "$B/burn"
"$B/burn" 250000000 alone > "$OUT/job-alone.txt"
printf '1\n2\n3\n4\n' | xargs -P 4 -I{} /usr/bin/time -v -o "$B/time-v-job{}.txt" "$B/burn" 250000000 job{} > "$OUT/jobs-xargs-P4.txt"
for j in 1 2 3 4; do echo "== job$j"; cat "$B/time-v-job$j.txt"; done > "$OUT/time-v-jobs.txt"
snap
