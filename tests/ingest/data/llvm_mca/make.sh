#!/bin/sh
# Rebuild the fixture: gcc -O1 -S of axpy.c, the loop body cut out (between its label and the
# backward jump), and llvm-mca's report on it, with the command echoed as a user pastes it.
set -e
cd "$(dirname "$0")"
t=$(mktemp -d)
gcc -O1 -S -o "$t/axpy.s" axpy.c
awk '/^\.L3:/{on=1} on{print} on&&/jne/{exit}' "$t/axpy.s" > "$t/body.s"
{ echo '$ llvm-mca -mcpu=x86-64 body.s'; llvm-mca -mcpu=x86-64 "$t/body.s"; } > mca.txt 2>&1
rm -rf "$t"
