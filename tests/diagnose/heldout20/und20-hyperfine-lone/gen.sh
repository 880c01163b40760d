#!/bin/sh
# What a user pasted: hyperfine of one command (the photon selection), markdown export, nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/branchcut.c" -o "$B/branchcut"
(cd "$B" && hyperfine --runs 5 --style basic --export-markdown hf.md './branchcut 2000000 10 raw' > hf.txt 2>&1)
{ echo "\$ hyperfine --runs 5 --export-markdown hf.md './branchcut 2000000 10 raw'"; cat "$B/hf.txt"; echo "\$ cat hf.md"; cat "$B/hf.md"; } > "$OUT/hyperfine.txt"
snap
