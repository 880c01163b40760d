#include "body.hpp"
#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 2000;
    int steps = argc > 2 ? std::atoi(argv[2]) : 10;
    System s(n);
    auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < steps; ++k) s.step(1e-3);
    std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    std::printf("bodies: %d  steps: %d\n", n, steps);
    std::printf("kinetic energy: %.12e\n", s.energy());
    std::printf("%.3f M interactions/s (%.3f s)\n",
                1e-6 * n * double(n) * steps / dt.count(), dt.count());
    return 0;
}
