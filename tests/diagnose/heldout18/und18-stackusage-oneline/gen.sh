#!/bin/sh
# What a user attached to "acorr is slow": the -fstack-usage file gfortran wrote next to the build
# and the one line the program printed for their record length.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/acorr.f90" "$B/acorr.f90"
(cd "$B" && gfortran -O2 -g -fstack-usage -c acorr.f90 -o acorr.o && gfortran acorr.o -o acorr)
clean < "$B/acorr.su" > "$OUT/acorr.su"
(cd "$B" && ./acorr 30000) > "$OUT/run.txt"
snap
