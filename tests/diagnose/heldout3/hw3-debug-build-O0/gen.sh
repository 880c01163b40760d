#!/bin/sh
# axpy on an in-cache vector, built the way the user built it (-O0 -g): printout, objdump of axpy, perf annotate.
. "$(dirname "$0")/../_lib.sh"
gcc -O0 -g "$SRC/axpy_dbg.c" -o "$B/ax"
objdump -d --no-show-raw-insn --disassemble=axpy "$B/ax" > "$OUT/objdump-axpy.txt"
(cd "$B" && rec p.data ./ax > "$OUT/axpy-output.txt")
perf annotate -i "$B/p.data" --stdio -l axpy 2> /dev/null | head -120 > "$OUT/perf-annotate.txt"
snap
