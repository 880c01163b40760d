#!/bin/sh
# Interest accrual in _Decimal64: printout, perf report, objdump of main (calls into libgcc's decimal routines).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/ledger.c" -o "$B/lg"
"$B/lg" 20000 300 > "$OUT/ledger-output.txt"
(cd "$B" && rec p.data ./lg 20000 300 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
disasm "$B/lg" main > "$OUT/objdump-main.txt"
snap
