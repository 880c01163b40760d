#!/bin/sh
# the build log (compiler commands and version) only.
. "$(dirname "$0")/../_lib.sh"
{ echo "$ gcc --version"; gcc --version; echo "$ gcc -O2 -g -fopenmp -Wall -c histo.c"; gcc -O2 -g -fopenmp -Wall -c "$SRC/histo.c" -o "$B/histo.o" 2>&1; echo "$ gcc -O2 -fopenmp histo.o -o histo"; gcc -O2 -fopenmp "$B/histo.o" -o "$B/histo" 2>&1; echo "[build ok]"; } > "$OUT/build.log"
snap
