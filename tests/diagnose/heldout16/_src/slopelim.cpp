// MUSCL slope limiter for a 1-D field: every step allocates a fresh std::vector<double> of slopes
// (64 MB at the default size, zero-initialised), fills it, and uses it once. ./slopelim N STEPS
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
static double minmod(double a, double b) { return a * b <= 0 ? 0.0 : (std::fabs(a) < std::fabs(b) ? a : b); }
__attribute__((noinline)) static void step(std::vector<double> &u, double nu)
{
    std::vector<double> slope(u.size());
    for (size_t i = 1; i + 1 < u.size(); i++) slope[i] = minmod(u[i] - u[i - 1], u[i + 1] - u[i]);
    for (size_t i = u.size() - 2; i >= 1; i--) u[i] -= nu * (u[i] - u[i - 1] + 0.5 * (1 - nu) * (slope[i] - slope[i - 1]));
}
int main(int argc, char **argv)
{
    size_t n = argc > 1 ? std::atol(argv[1]) : 8000000;
    int steps = argc > 2 ? std::atoi(argv[2]) : 15;
    std::vector<double> u(n);
    for (size_t i = 0; i < n; i++) u[i] = (i / 1000) % 2;
    auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; s++) step(u, 0.4);
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), m = 0;
    for (double v : u) m += v;
    std::printf("slopelim: cells=%zu steps=%d seconds=%.3f ns/cell-step=%.2f mass=%.6f\n", n, steps, sec, 1e9 * sec / ((double)n * steps), m);
    return 0;
}
