#!/bin/sh
# Regenerate the fixtures of tests/advise/test_usercode_scope.py (gcc, perf, strace).
set -e
cd "$(dirname "$0")"
B=$(mktemp -d)
gcc -O2 -g -fno-omit-frame-pointer -o "$B/libcall" libcall.c -lm
perf record -q -e cpu-clock -F 999 -g -o "$B/p.data" -- "$B/libcall" 20000 >/dev/null
perf report -i "$B/p.data" --stdio --no-children > perf-report-g.txt
perf report -i "$B/p.data" --stdio --no-children -g none --sort sym,srcline > perf-report-srcline.txt
perf record -q -e cpu-clock -F 999 --call-graph dwarf -o "$B/pd.data" -- "$B/libcall" 20000 >/dev/null
perf report -i "$B/pd.data" --stdio --no-children > perf-report-dwarf.txt
perf report -i "$B/pd.data" --stdio --no-children -g caller > perf-report-dwarf-caller.txt
gcc -O2 -g -fopenmp -o "$B/ompreg" ompreg.c
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o "$B/po.data" -- "$B/ompreg" >/dev/null
perf report -i "$B/po.data" --stdio --no-children -g none --percent-limit 0.5 > perf-report-omp.txt
gcc -O2 -g -o "$B/writer" writer.c
strace -c -o strace-c-writer.txt "$B/writer" >/dev/null
rm -rf "$B"
