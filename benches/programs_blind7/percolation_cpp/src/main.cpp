// perco: site percolation on an L x L square lattice by the Newman-Ziff algorithm: sites
// are occupied one by one in random order, clusters merged by union-find; observables are
// recorded at a grid of occupation probabilities and averaged over realisations.
//
//   ./perco [L=256] [realisations=100] [seed=2024]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "clusters.hpp"
#include "lattice.hpp"
#include "rng.hpp"

int main(int argc, char** argv) {
    const int L = argc > 1 ? std::atoi(argv[1]) : 256;
    const int nreal = argc > 2 ? std::atoi(argv[2]) : 100;
    const unsigned long seed = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 2024;
    const Lattice lat(L);
    const int N = lat.sites();

    // probabilities at which the observables are recorded
    std::vector<double> ps;
    for (int k = 0; k <= 20; ++k) ps.push_back(0.50 + 0.01 * k);
    std::vector<double> pinf(ps.size(), 0.0), chi(ps.size(), 0.0), span(ps.size(), 0.0);

    std::printf("perco: L = %d (%d sites), %d realisations, seed %lu\n", L, N, nreal, seed);
    const auto w0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();

    SplitMix rng(seed);
    Clusters cl(lat);
    std::vector<int> order(N);
    for (int r = 0; r < nreal; ++r) {
        // random occupation order (Fisher-Yates)
        for (int i = 0; i < N; ++i) order[i] = i;
        for (int i = N - 1; i > 0; --i) std::swap(order[i], order[rng.below(i + 1)]);
        cl.reset();
        size_t next = 0;
        for (int n = 1; n <= N && next < ps.size(); ++n) {
            cl.occupy(order[n - 1]);
            while (next < ps.size() && n == (int)(ps[next] * N)) {
                pinf[next] += double(cl.largest()) / N;
                chi[next] += cl.mean_finite_size();
                span[next] += cl.spans() ? 1.0 : 0.0;
                ++next;
            }
        }
    }
    const double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();

    std::printf("%6s %12s %12s %10s\n", "p", "P_inf", "chi", "R_span");
    double pc = 0.0;
    for (size_t k = 0; k < ps.size(); ++k) {
        const double R = span[k] / nreal;
        std::printf("%6.3f %12.6f %12.4f %10.4f\n", ps[k], pinf[k] / nreal, chi[k] / nreal, R);
        if (pc == 0.0 && R >= 0.5) pc = ps[k];
    }
    std::printf("spanning probability reaches 1/2 at p = %.3f (p_c = 0.5927 for L -> inf)\n", pc);
    std::printf("clusters: %.1f ms wall, %.1f ms cpu (%.1f ns per occupied site)\n",
                wall * 1e3, cpu * 1e3, cpu * 1e9 / (double(nreal) * N));
    return 0;
}
