#!/bin/sh
# Real tool outputs for the diag12 rules (run-queue wait, a program's request size). Run from
# this folder: sh make.sh  (gcc, GNU time; a disk that takes O_DIRECT under /var/tmp)
set -eu
B=$(mktemp -d)
D=$(mktemp -d /var/tmp/diag12.XXXXXX)
trap 'rm -rf "$B" "$D"' EXIT
gcc -O2 src/queued.c -o "$B/queued"
gcc -O2 src/directread.c -o "$B/directread"
# three CPU hogs on this 2-CPU machine, then the serial sum beside them
H=""
for _ in 1 2 3; do (while :; do :; done) & H="$H $!"; done
"$B/queued" 300000000 schedstat-queued.txt > /dev/null
kill $H
dd if=/dev/urandom of="$D/in.bin" bs=1M count=16 status=none
sync
/usr/bin/time -v -o directread-time-v.txt "$B/directread" "$D/in.bin" 4096 > directread-output.txt
# a bracketed key: the middle value printed as u[mid]=
gcc -O2 -g src/decaymid.c -o "$B/decaymid"
"$B/decaymid" 2048 12000 > decaymid-output.txt
