#!/bin/sh
# C++ row RMS norms: the program's printout for three builds (-O2, -O3, -O3 -march=native), perf
# report --sort srcline of the -O3 -march=native build, and objdump -d of its hot function.
. "$(dirname "$0")/../_lib.sh"
(cd "$SRC" && g++ -O2 -g rms.cpp -o "$B/rms_O2" && g++ -O3 -g rms.cpp -o "$B/rms_O3" && g++ -O3 -march=native -g rms.cpp -o "$B/rms")
{
  echo "# g++ -O2 -g rms.cpp -o rms_O2"; show ./rms_O2 20000
  echo "# g++ -O3 -g rms.cpp -o rms_O3"; show ./rms_O3 20000
  echo "# g++ -O3 -march=native -g rms.cpp -o rms"; show ./rms 20000
} > "$OUT/build-sweep.txt"
rec p.data -- ./rms 40000
prep --sort srcline --percent-limit 1 > "$OUT/perf-report-srcline.txt"
f=$(nm "$B/rms" | awk '/rownorms/ {print $3; exit}')
disasm "$B/rms" "$f" > "$OUT/objdump-rownorms.txt"
snap
