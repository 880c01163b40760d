#!/bin/sh
# Rebuild the fixtures: a --coverage build run once and its gcov, and perf's symbol report of
# an optimised build (libm's exp holds the samples; no call graph was recorded).
set -e
cd "$(dirname "$0")"
t=$(mktemp -d)
cp decay.c "$t/"
(cd "$t" && gcc -O0 --coverage -o decay decay.c -lm && ./decay 400 2000 >/dev/null && gcov decay.c >/dev/null)
cp "$t/decay.c.gcov" .
(cd "$t" && gcc -O2 -g -o fast decay.c -lm && perf record -q -e cpu-clock -o perf.data ./fast 2000 4000 >/dev/null 2>&1 \
  && perf report --stdio --no-children -i perf.data 2>/dev/null | sed '/^$/N;/^\n$/D') > perf-report.txt
rm -rf "$t"
