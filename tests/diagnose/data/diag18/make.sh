#!/bin/sh
# Regenerate the diag18 fixtures (gcc, perf with software events, strace) on a 2-core machine:
#   dyn (schedule(dynamic,1) over a one-compare body) and dynst (the same, schedule(static));
#   mq (mutex+condvar ring, one item per lock) and mqb (256 items per lock);
#   fmt (values rounded through snprintf/strtod in memory, one fwrite at the end) and fmtio
#   (the same conversion written unbuffered, one write per value).
set -e
D=$(cd "$(dirname "$0")" && pwd); W=$(mktemp -d); cd "$W"
export OMP_NUM_THREADS=2
gcc -O2 -g -fopenmp "$D/src/dyn.c" -o dyn
sed 's/schedule(dynamic,1)/schedule(static)/' "$D/src/dyn.c" > dynst.c
gcc -O2 -g -fopenmp dynst.c -o dynst
gcc -O2 -g -pthread "$D/src/mq.c" -o mq
gcc -O2 -g -pthread "$D/src/mqb.c" -o mqb
gcc -O2 -g "$D/src/fmt.c" -o fmt -lm
sed "s#/tmp/d18/out.txt#$W/out.txt#" "$D/src/fmtio.c" > fmtio.c
gcc -O2 -g fmtio.c -o fmtio -lm
rep() { perf record -q -e cpu-clock -F 999 -o "$1.data" "./$1" $3 >/dev/null
        perf report -i "$1.data" --stdio --sort "$2" > "$D/$1-perf.txt" 2>/dev/null; }
rep dyn dso,sym; rep dynst dso,sym; rep mq dso,sym; rep mqb dso,sym 2560000
rep fmt sym; rep fmtio sym
strace -f -c -o "$D/mq-strace.txt" ./mq >/dev/null
strace -f -c -o "$D/mqb-strace.txt" ./mqb 2560000 >/dev/null
strace -c -o "$D/fmt-strace.txt" ./fmt >/dev/null
rm -rf "$W"
