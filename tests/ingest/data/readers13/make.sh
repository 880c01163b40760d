#!/bin/sh
# Regenerates the real-tool fixtures of the hyperfine, perf trace -s and heaptrack_print
# readers. Run from this directory on the project's machine (hyperfine, perf, heaptrack
# installed; perf trace needs root or perf_event_paranoid <= -1). Timings differ per run.
set -eu
B=/tmp/readers13-build
rm -rf "$B" && mkdir -p "$B" && cp src/* "$B/"
trap 'rm -rf "$B"' EXIT
(cd "$B" && gcc -O2 -g -o rec rec.c && gcc -O2 -g -pthread -o thr thr.c \
  && gcc -O2 -o dedup dedup.c && gcc -O2 -fopenmp -o amdahl amdahl.c \
  && gcc -O2 -g -o steps steps.c && g++ -O2 -g -o words words.cpp)
# hyperfine: an O(n^2) dedup swept by -L (all three exports of one sweep), a thread sweep by
# --parameter-scan, and the record writer alone (its run time for the perf trace summary)
hyperfine -N --warmup 1 --runs 3 -L n 10000,20000,40000,80000 "$B/dedup {n}" \
  --export-json hf-dedup.json --export-csv hf-dedup.csv --export-markdown hf-dedup.md > /dev/null
hyperfine -N --runs 3 --parameter-scan t 1 2 "env OMP_NUM_THREADS={t} $B/amdahl" \
  --export-json hf-threads.json > /dev/null
hyperfine -N --runs 3 "$B/rec 20000" --export-json hf-rec.json > /dev/null
# perf trace -s: one write() per record; two threads writing; -S (every call, then the
# summary) with --errno-summary
(cd "$B" && perf trace -s -o "$OLDPWD/pt-records.txt" ./rec 20000 > "$OLDPWD/rec-out.txt")
(cd "$B" && perf trace -s -o "$OLDPWD/pt-threads.txt" ./thr 2 5000 > /dev/null)
(cd "$B" && perf trace -S --errno-summary -o "$OLDPWD/pt-with-summary.txt" ./rec 50 > /dev/null)
# heaptrack_print: a scratch buffer malloc'd per step (C); a vector of strings per line (C++)
(cd "$B" && heaptrack -o "$B/ht-steps" ./steps 4096 20000 > /dev/null 2>&1)
heaptrack_print -f "$B/ht-steps.zst" > ht-steps.txt
(cd "$B" && heaptrack -o "$B/ht-words" ./words 20000 > /dev/null 2>&1)
heaptrack_print -f "$B/ht-words.zst" -l 1 > ht-words.txt
