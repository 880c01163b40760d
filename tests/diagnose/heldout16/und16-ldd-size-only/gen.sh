#!/bin/sh
# Undecidable: ldd and size (text/data/bss) of the Gram-Schmidt program's binary, as pasted into a
# ticket that says only "it is slow".
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/qnorm.f90" -o "$B/qnorm"
{ show ldd ./qnorm | sed -e 's/ (0x[0-9a-f]*)//'; show size ./qnorm; } > "$OUT/ldd-size.txt"
snap
