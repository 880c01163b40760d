#!/bin/sh
# C pressure update calling the equation of state in another translation unit once per cell
# (in-cache block): the GCC vectorizer report of eoscall.c (-fopt-info-vec-all), the printout of
# the separate-compilation build and of an -flto build, and perf annotate of main (separate build).
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/eoscall.c" "$SRC/eosfun.c" "$B/"
{ show gcc -O3 -march=native -g -fopt-info-vec-all -c eoscall.c -o eoscall.o; } 2>&1 | grep -v '/usr/include' | clean > "$OUT/vec-report.txt"
(cd "$B" && gcc -O3 -march=native -g -c eosfun.c -o eosfun.o && gcc -O3 -march=native -g eoscall.o eosfun.o -o eoscall \
  && gcc -O3 -march=native -g -flto eoscall.c eosfun.c -o eoscall_lto)
{ echo "# build: gcc -O3 -march=native -c eoscall.c; gcc -O3 -march=native -c eosfun.c; gcc eoscall.o eosfun.o"; show ./eoscall 4096 40000
  echo "# build: gcc -O3 -march=native -flto eoscall.c eosfun.c"; show ./eoscall_lto 4096 40000; } > "$OUT/run.txt"
rec p.data -- ./eoscall 4096 40000
{ echo "\$ perf report --stdio --no-children --sort sym"; prep --sort sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio -l -s main"; perf annotate -i "$B/p.data" --stdio -l -s main 2> /dev/null | head -80; } | clean > "$OUT/perf-annotate.txt"
snap
