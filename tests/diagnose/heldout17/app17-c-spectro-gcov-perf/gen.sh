#!/bin/sh
# C spectrogram front end recomputing the Hann window (cos) and gain (exp) for every sample of every
# frame: gcov line counts of a --coverage build (2000 frames), the program's line and perf report
# --sort dso,sym of the optimised build (16000 frames).
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/spectro.c" "$B/"
(cd "$B" && gcc -O2 -g --coverage -c spectro.c -o spectro.o && gcc --coverage spectro.o -o spectro-cov -lm && ./spectro-cov 2000 2048 > /dev/null && gcov spectro.c > /dev/null 2>&1)
sed -n '1,40p' "$B/spectro.c.gcov" > "$OUT/spectro.c.gcov"
gcc -O2 -g "$SRC/spectro.c" -o "$B/spectro" -lm
show ./spectro 16000 2048 > "$OUT/run.txt"
rec p.data -- ./spectro 16000 2048
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
