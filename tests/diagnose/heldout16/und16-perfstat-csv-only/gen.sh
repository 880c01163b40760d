#!/bin/sh
# Undecidable: perf stat -x, (CSV) of one run of the restriction program (software events only:
# task-clock, context switches, migrations, page faults); no program output, no profile, no sizes.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/restrict3.c" -o "$B/restrict3"
{ echo "# perf stat -x, -e task-clock,context-switches,cpu-migrations,page-faults ./restrict3 128 16"
  (cd "$B" && perf stat -x, -e task-clock,context-switches,cpu-migrations,page-faults ./restrict3 128 16 2>&1 > /dev/null); } > "$OUT/perfstat.csv"
snap
