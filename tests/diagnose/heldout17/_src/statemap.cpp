// Cell state lookup through std::map<long, State> keyed by the global cell id (ids are dense,
// 0..n-1) in the hot loop of a reaction step: every cell reads its own state and its two
// neighbours' states by map lookup. Mode "vector" stores the same states in a std::vector.
// ./statemap N STEPS MODE   prints mode, cells, steps, seconds, ns/cell-step
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>
struct State { double rho, T, y; };
template <class Get>
__attribute__((noinline)) static double step(long n, Get get, std::vector<double> &out)
{
    double s = 0;
    for (long i = 1; i < n - 1; i++) {
        const State &a = get(i - 1), &b = get(i), &c = get(i + 1);
        double r = b.rho * b.y * (1.0 + 1e-3 * (a.T + c.T - 2 * b.T));
        out[i] = r;
        s += r;
    }
    return s;
}
int main(int argc, char **argv)
{
    long n = argc > 1 ? std::atol(argv[1]) : 200000;
    int steps = argc > 2 ? std::atoi(argv[2]) : 20;
    bool usemap = !(argc > 3 && std::strcmp(argv[3], "vector") == 0);
    std::map<long, State> m;
    std::vector<State> v(n);
    for (long i = 0; i < n; i++) { State s{1.0 + 0.001 * (i % 100), 300.0 + (i % 17), 0.2}; v[i] = s; m[i] = s; }
    std::vector<double> out(n);
    double tot = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; s++) {
        if (usemap) tot += step(n, [&](long i) -> const State & { return m.find(i)->second; }, out);
        else tot += step(n, [&](long i) -> const State & { return v[i]; }, out);
    }
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("statemap: mode=%s cells=%ld steps=%d seconds=%.3f ns/cell-step=%.1f sum=%.6e\n", usemap ? "map" : "vector", n, steps, sec, 1e9 * sec / ((double)n * steps), tot);
    return 0;
}
