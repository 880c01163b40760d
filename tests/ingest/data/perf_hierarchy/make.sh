#!/bin/sh
# Rebuild the fixtures: both builds run twice (builds.txt, as pasted), and perf report
# --hierarchy of the by-value build (perf-report-hierarchy.txt, the command echoed).
set -e
cd "$(dirname "$0")"
t=$(mktemp -d)
g++ -O2 -g -o "$t/scores" scores.cpp
g++ -O2 -g -DCREF -o "$t/scores_cref" scores.cpp
{ for b in scores scores scores_cref scores_cref; do echo "\$ ./$b"; "$t/$b"; done; } > builds.txt
(cd "$t" && perf record -q -e cpu-clock -o perf.data ./scores >/dev/null 2>&1 \
  && { echo '$ perf report --hierarchy --sort comm,dso,sym'; \
       perf report --stdio --hierarchy --sort comm,dso,sym -i perf.data 2>/dev/null; } \
  > hier.txt)
cp "$t/hier.txt" perf-report-hierarchy.txt
rm -rf "$t"
