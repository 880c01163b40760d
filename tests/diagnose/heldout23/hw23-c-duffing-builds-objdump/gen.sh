#!/bin/sh
# Duffing oscillator ensemble: build rows of the shipped long double build and of -DDBL, two runs each,
# and objdump -S of main of the shipped build (the x87 instructions of the update loop).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/duffing.c" -o "$B/duffing"
gcc -O2 -g -DDBL "$SRC/duffing.c" -o "$B/duffing_dbl"
{ for b in duffing duffing duffing_dbl duffing_dbl; do show ./$b; done; } > "$OUT/builds.txt"
{ echo "\$ objdump -S --no-show-raw-insn --disassemble=main duffing   (the update loop)"; objsrc "$B/duffing" main | sed -n '/for (int s = 0; s < steps; s++) {/,/double el = now() - t0;/p' | head -120; } > "$OUT/objdump-main.txt"
snap
