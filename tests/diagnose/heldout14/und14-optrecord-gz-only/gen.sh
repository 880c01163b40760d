#!/bin/sh
# Undecidable: GCC's optimization record (.json.gz from -fsave-optimization-record) of the
# deposition program built -O2, nothing else.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/pdeposit.c" "$B/"
(cd "$B" && gcc -O2 -g -fsave-optimization-record pdeposit.c -o pdeposit)
cp "$B"/pdeposit*.opt-record.json.gz "$OUT/"
snap
