#!/bin/sh
# Regenerates the line-level fixtures of tests/advise/test_hot_line.py with the real tools:
# callpow.c spends most of its time in libm's pow (called from work(), line 9) and the rest in
# its own loop in scale() (line 17). Run from this folder; needs gcc, perf, valgrind, gprof.
set -eu
B=$(mktemp -d)
gcc -O1 -g -fno-inline -o "$B/callpow" callpow.c -lm
gcc -O1 -g -fno-inline -pg -o "$B/callpow-pg" callpow.c -lm
# perf with DWARF call chains: each sample's callers with their source lines
(cd "$B" && perf record -q -e cpu-clock --call-graph dwarf -o d.data ./callpow 1000000 4 > /dev/null)
perf report -i "$B/d.data" --stdio --no-children -G -g caller,0.5,callee,address \
    --percent-limit 5 2> /dev/null > perf-report-callers.txt
# the same profile flat (no call chains), as most users paste it
perf report -i "$B/d.data" --stdio --no-children -g none --percent-limit 0.5 2> /dev/null \
    > perf-report-flat.txt
# perf annotate of the program's own loop (source lines with percentages)
(cd "$B" && perf record -q -e cpu-clock -o s.data ./callpow 2000000 0 40 > /dev/null)
perf annotate -i "$B/s.data" --stdio -l scale 2> /dev/null | head -80 > perf-annotate-scale.txt
# callgrind_annotate: per-line costs and the calls each line makes (=> pow)
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./callpow 20000 2 > /dev/null 2>&1)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -140 > callgrind-annotate.txt
# gprof's line-level flat profile (gprof -l)
(cd "$B" && ./callpow-pg 2000000 1 60 > /dev/null && gprof -l -b -p ./callpow-pg gmon.out) \
    | head -40 > gprof-lines.txt
# the disassembly of the calling functions with source lines (objdump -dl)
cp callpow.c "$B/" && (cd "$B" && gcc -O1 -g -fno-inline -o callpow-l callpow.c -lm \
    && objdump -dl --no-show-raw-insn callpow-l \
    | awk '$2 == "<work>:" || $2 == "<main>:" {p = 1} p; p && /^$/ {p = 0}') > objdump-dl.txt
rm -rf "$B"
