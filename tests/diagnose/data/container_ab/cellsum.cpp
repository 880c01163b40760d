// Charge deposited per cell: the cell index of each particle looked up in a std::map (the
// shipped build) or a flat vector indexed by cell (-DFLAT). ./cellsum PARTICLES STEPS
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000, steps = argc > 2 ? atol(argv[2]) : 5;
    const long cells = 100000;
#ifdef FLAT
    std::vector<double> rho(cells, 0.0);
    const char *build = "flat-vector";
#else
    std::map<long, double> rho;
    const char *build = "std::map";
#endif
    auto t0 = std::chrono::steady_clock::now();
    unsigned long x = 12345;
    for (long s = 0; s < steps; s++)
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005UL + 1442695040888963407UL;
            rho[(long)((x >> 33) % cells)] += 1.0 / n;
        }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double charge = 0;
    for (long c = 0; c < cells; c++) {
#ifdef FLAT
        charge += rho[c];
#else
        auto it = rho.find(c);
        charge += it == rho.end() ? 0.0 : it->second;
#endif
    }
    printf("cellsum build=%s particles=%ld steps=%ld seconds=%.3f charge=%.3f\n", build, n,
           steps, secs, charge);
    return 0;
}
