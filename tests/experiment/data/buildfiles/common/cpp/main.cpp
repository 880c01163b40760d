#include <chrono>
#include <cstdio>
#include <vector>
#include "work.h"

int main() {
    auto t0 = std::chrono::steady_clock::now();
    std::vector<double> a(N);
    fill(a);
    double s = 0;
    for (int r = 0; r < REPS; ++r) s += relax(a);
    double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("n = %d\n", N);
    std::printf("checksum: %.6e\n", s);
    std::printf("time: %.4f\n", dt);
    return 0;
}
