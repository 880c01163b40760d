// Nearest weather station for every observation: a linear scan over all stations with std::hypot
// per pair (stations ~ observations, so the work is O(N^2)). Prints a size table: observations,
// stations, seconds, ns per observation, distance evaluations per observation.
// ./nearest          size table     ./nearest N REPS   one size, REPS repeats
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
struct P { double x, y; };
__attribute__((noinline)) static long assign(const std::vector<P> &obs, const std::vector<P> &st, std::vector<int> &best)
{
    long evals = 0;
    for (size_t i = 0; i < obs.size(); i++) {
        double dmin = 1e300; int k = -1;
        for (size_t j = 0; j < st.size(); j++) {
            double d = std::hypot(obs[i].x - st[j].x, obs[i].y - st[j].y);
            if (d < dmin) { dmin = d; k = (int)j; }
        }
        best[i] = k; evals += (long)st.size();
    }
    return evals;
}
static double run(size_t n, int reps, long *evals)
{
    std::vector<P> obs(n), st(n);
    std::srand(11);
    for (auto &o : obs) o = P{(double)std::rand() / RAND_MAX, (double)std::rand() / RAND_MAX};
    for (auto &s : st) s = P{(double)std::rand() / RAND_MAX, (double)std::rand() / RAND_MAX};
    std::vector<int> best(n);
    auto t0 = std::chrono::steady_clock::now();
    *evals = 0;
    for (int r = 0; r < reps; r++) *evals += assign(obs, st, best);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
int main(int argc, char **argv)
{
    long ev;
    if (argc > 2) {
        size_t n = std::atol(argv[1]); int reps = std::atoi(argv[2]);
        double s = run(n, reps, &ev);
        std::printf("n=%zu reps=%d seconds=%.3f ns/observation=%.1f\n", n, reps, s, 1e9 * s / ((double)n * reps));
        return 0;
    }
    std::printf("nearest: station search for every observation, stations = observations\n");
    std::printf("%12s %10s %10s %16s %16s\n", "observations", "stations", "seconds", "ns/observation", "evals/observation");
    for (size_t n : {500, 1000, 2000, 4000, 8000}) {
        int reps = (int)(8000 / n);
        double s = run(n, reps, &ev);
        std::printf("%12zu %10zu %10.3f %16.1f %16.0f\n", n, n, s, 1e9 * s / ((double)n * reps), (double)ev / ((double)n * reps));
    }
    return 0;
}
