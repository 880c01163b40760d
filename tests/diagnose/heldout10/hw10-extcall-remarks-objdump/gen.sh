#!/bin/sh
# Relaxation update calling a transfer function from another file: the build with gcc's
# missed-vectorization remarks, the disassembly of main, and the program's printout.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ gcc -O2 -g -fopt-info-vec-missed -c extmain.c"; (cd "$B" && gcc -O2 -g -fopt-info-vec-missed -c "$SRC/extmain.c" -o extmain.o) 2>&1 | sed "s|$SRC/||g"
  echo "\$ gcc -O2 -g -c scale.c && gcc -O2 extmain.o scale.o -o relax"; (cd "$B" && gcc -O2 -g -c "$SRC/scale.c" -o scale.o && gcc -O2 extmain.o scale.o -o relax) 2>&1; } > "$OUT/build.log"
disasm "$B/relax" main > "$OUT/objdump-main.txt"
show ./relax 60000 > "$OUT/run.txt"
snap
