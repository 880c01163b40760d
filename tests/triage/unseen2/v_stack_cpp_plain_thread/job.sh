#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > th.cpp <<'EOF'
#include <thread>
#include <iostream>
long f(long n) { volatile char pad[2048]; pad[0] = (char)n; return n > 100000000 ? pad[0] : f(n + 1) + pad[0]; }
int main() { std::cout << "starting worker" << std::endl; std::thread t([] { std::cout << f(0) << std::endl; }); t.join(); }
EOF
g++ -O0 -pthread -o th th.cpp
./th
