// Monte Carlo paths, each drawing 16 normals. "perpath": a std::mt19937_64 constructed and
// seeded for every path (each seeding fills 312 words, the first draw refills them all);
// "once": one engine for the run (the look-alike: drawing numbers is the job). Also a C
// variant through srandom()/random() seeded per path ("crand") or once ("conce").
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "perpath";
    long paths = argc > 2 ? atol(argv[2]) : 200000;
    double sum = 0;
    std::mt19937_64 one(12345);
    std::normal_distribution<double> nd(0.0, 1.0);
    for (long p = 0; p < paths; p++) {
        double x = 0;
        if (strcmp(mode, "perpath") == 0) {
            std::mt19937_64 g(1000 + p);
            nd.reset();
            for (int k = 0; k < 16; k++) x += nd(g);
        } else if (strcmp(mode, "crand") == 0) {
            srandom((unsigned)(1000 + p));
            for (int k = 0; k < 16; k++) x += random() / (double)RAND_MAX - 0.5;
        } else if (strcmp(mode, "conce") == 0) {
            if (p == 0) srandom(1000u);
            for (int k = 0; k < 16; k++) x += random() / (double)RAND_MAX - 0.5;
        } else {
            for (int k = 0; k < 16; k++) x += nd(one);
        }
        sum += x > 0 ? x : 0;
    }
    printf("paths=%ld mean_payoff=%.6f\n", paths, sum / paths);
    return 0;
}
