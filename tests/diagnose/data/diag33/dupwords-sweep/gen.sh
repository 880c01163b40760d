#!/bin/bash
# the pair scan at four sizes: the words, the pairs, the duplicates it found (growing with the
# words) and the seconds, one line per run
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/dupwords" "$HERE/../_src/dupwords.c"
snap
cd "$B"
{ echo "\$ for n in 2000 4000 8000 16000; do ./dupwords \$n; done"
  for n in 2000 4000 8000 16000; do ./dupwords $n; done; } > "$D/sizes.txt"
