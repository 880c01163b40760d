// Semi-Lagrangian advection step that builds a fresh 64 MB departure-point grid (std::vector,
// value-initialised) inside every call, uses it once, and frees it.
// usage: tmpgrid N STEPS ; prints seconds and ns/point
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
static void advect(std::vector<double> &q, double c)
{
    std::vector<double> dep(q.size());
    const std::size_t n = q.size();
    for (std::size_t i = 0; i < n; i++) dep[i] = (i > 0 ? q[i - 1] : q[n - 1]) * c + q[i] * (1 - c);
    for (std::size_t i = 0; i < n; i++) q[i] = dep[i];
}
int main(int argc, char **argv)
{
    std::size_t n = argc > 1 ? std::atol(argv[1]) : 8000000; int steps = argc > 2 ? std::atoi(argv[2]) : 20;
    std::vector<double> q(n);
    for (std::size_t i = 0; i < n; i++) q[i] = (i % 100 < 50) ? 1.0 : 0.0;
    auto a = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; s++) advect(q, 0.3);
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
    std::printf("tmpgrid: n=%zu steps=%d seconds=%.4f ns/point=%.3f q[77]=%.6f\n", n, steps, t, 1e9 * t / ((double)n * steps), q[77]);
    return 0;
}
