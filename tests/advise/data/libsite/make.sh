#!/bin/sh
# Regenerates the callgrind fixture (g++ and valgrind; a few seconds).
set -e
cd "$(dirname "$0")"
g++ -O2 -g -o /tmp/ordered ordered.cpp
valgrind --tool=callgrind --callgrind-out-file=/tmp/ordered.cg /tmp/ordered
callgrind_annotate --inclusive=yes /tmp/ordered.cg > callgrind-inclusive.txt
