#!/bin/sh
# Regenerates the real-tool fixtures of the ltrace -c, mpstat, pidstat, build-log and
# transparent-hugepage readers. Run from this directory on the project's machine (ltrace and
# sysstat installed).
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O1 -g src/libcalls.c -o "$B/libcalls" -lm
gcc -O1 -g src/forker.c -o "$B/forker"
gcc -O1 -g -pthread src/busy.c -o "$B/busy"
# ltrace -c: one process; -f: parent and child added; -S adds system calls as SYS_ rows
ltrace -c -o ltrace-c.txt "$B/libcalls" 2000 > /dev/null
ltrace -c -f -o ltrace-c-f.txt "$B/forker" > /dev/null
ltrace -c "$B/libcalls" 300 2> ltrace-c-stderr.txt > /dev/null
ltrace -c -S -o ltrace-c-S.txt "$B/libcalls" 500 > /dev/null
# mpstat: per-CPU interval reports and the Average block, while busy.c runs
"$B/busy" 5 > /dev/null & P=$!
mpstat -P ALL 1 3 > mpstat-P-ALL.txt
LC_ALL=C mpstat -P ALL 1 2 > mpstat-P-ALL-C.txt
mpstat 1 2 > mpstat-all.txt
wait "$P"
# pidstat on the running program: -u (CPU, %wait), -r (faults, RSS), -w (switches), -t (threads)
"$B/busy" 5 > /dev/null & P=$!
pidstat -u -p "$P" 1 2 > pidstat-u.txt & A=$!
pidstat -r -p "$P" 1 2 > pidstat-r.txt & C=$!
pidstat -w -p "$P" 1 2 > pidstat-w.txt & D=$!
pidstat -t -u -p "$P" 1 1 > pidstat-t-u.txt & E=$!
pidstat -t -r -p "$P" 1 1 > pidstat-t-r.txt & F=$!
pidstat -h -u -r -p "$P" 1 2 > pidstat-h-ur.txt & G=$!
pidstat -l -u -p "$P" 1 1 > pidstat-l-u.txt & H=$!
pidstat -d -p "$P" 1 1 > pidstat-d.txt & I=$!
pidstat -urw -p "$P" 1 1 > pidstat-urw.txt
wait "$A" "$C" "$D" "$E" "$F" "$G" "$H" "$I" "$P"
# a compiler build log: make echoing gcc / g++ / gfortran command lines and their warnings
cp src/proj/* "$B/" && (cd "$B" && make 2>&1) > build.log
# the transparent-hugepage settings (a system fact)
cat /sys/kernel/mm/transparent_hugepage/enabled > thp-enabled.txt
cat /sys/kernel/mm/transparent_hugepage/defrag > thp-defrag.txt
grep . /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag \
  /sys/kernel/mm/transparent_hugepage/hugepages-2048kB/enabled > thp-grep.txt
head /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag \
  > thp-head.txt
# look-alikes that other readers take: GNU time -v of the same program
/usr/bin/time -v "$B/libcalls" 300 > /dev/null 2> time-v.txt
