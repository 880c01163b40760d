#include <chrono>
#include <cstdio>
#include "particles.hpp"
int main() {
    std::vector<double> x(NPART);
    for (int i = 0; i < NPART; ++i) x[i] = (i % 17) * 0.5;
    auto t0 = std::chrono::steady_clock::now();
    double sum = relax(x, 200);
    auto t1 = std::chrono::steady_clock::now();
    std::printf("particles %d\n", NPART);
    std::printf("time: %.4f s\n", std::chrono::duration<double>(t1 - t0).count());
    std::printf("checksum = %.10e\n", sum);
    return 0;
}
