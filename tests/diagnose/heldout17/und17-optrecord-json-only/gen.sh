#!/bin/sh
# Undecidable: the compiler's optimization record (gcc -fsave-optimization-record, gzip JSON) of the
# spectrogram program's build, as attached to a ticket saying "it is slow"; no run.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/spectro.c" "$B/"
(cd "$B" && gcc -O2 -g -fsave-optimization-record -c spectro.c -o spectro.o)
cp "$B/spectro.c.opt-record.json.gz" "$OUT/"
snap
