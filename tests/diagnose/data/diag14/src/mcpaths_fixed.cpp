// Monte Carlo paths, one engine for all paths: the fixed variant
#include <cstdio>
#include <cstdlib>
#include <random>
int main(int argc, char **argv) {
    long paths = argc > 1 ? atol(argv[1]) : 200000;
    int steps = argc > 2 ? atoi(argv[2]) : 16;
    double acc = 0; std::mt19937_64 rng(12345);
    for (long p = 0; p < paths; p++) {
        
        std::normal_distribution<double> z(0.0, 1.0);
        double s = 100.0;
        for (int t = 0; t < steps; t++) s *= 1.0 + 0.01 * z(rng);
        acc += s > 100.0 ? s - 100.0 : 0.0;
    }
    std::printf("price=%.4f paths=%ld\n", acc / paths, paths);
    return 0;
}
