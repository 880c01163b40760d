#!/bin/sh
# C++ vertical blur of a row-major image with the row loop innermost: /usr/bin/time of a size sweep
# at ~33 M pixel updates per size, saved as CSV, and cachegrind (cache simulation) of a 2048 x 2048
# image annotated by cg_annotate --auto=yes.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/vblur.cpp" -o "$B/vblur"
echo "w,h,passes,pixel_updates,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/size-sweep.csv"
for n in 256 512 1024 2048 4096; do
  p=$((33554432 / (n * n))); [ $p -lt 1 ] && p=1
  csvtime "$OUT/size-sweep.csv" "$n,$n,$p,$((p * n * n))" ./vblur $n $n $p
done
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./vblur 2048 2048 1 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate.txt"
snap
