// Particle push with a per-particle species switch (electron, ion, neutral: different force laws),
// particles stored in random species order or sorted by species (same particles, same result).
// ./species N STEPS random|sorted
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
struct P { double x, v; int sp; };
__attribute__((noinline)) static void push(std::vector<P> &ps, double dt)
{
    for (P &p : ps) {
        double a;
        switch (p.sp) {
        case 0: a = -1836.0 * p.x; break;
        case 1: a = -p.x / (1.0 + p.x * p.x); break;
        default: a = -0.01 * p.v; break;
        }
        p.v += dt * a;
        p.x += dt * p.v;
    }
}
int main(int argc, char **argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 1000000, steps = argc > 2 ? std::atoi(argv[2]) : 60;
    bool sorted = argc > 3 && std::strcmp(argv[3], "sorted") == 0;
    std::vector<P> ps(n);
    unsigned s = 12345;
    for (P &p : ps) { s = s * 1103515245u + 12345u; p.sp = (s >> 16) % 3; p.x = 1e-3 * ((s >> 8) % 1000); p.v = 0; }
    if (sorted) std::stable_sort(ps.begin(), ps.end(), [](const P &a, const P &b) { return a.sp < b.sp; });
    auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < steps; k++) push(ps, 1e-4);
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double e = 0; for (const P &p : ps) e += p.v * p.v + p.x * p.x;
    std::printf("order=%s particles=%d steps=%d seconds=%.3f ns/particle-step=%.2f energy=%.9e\n", sorted ? "sorted" : "random", n, steps, sec, 1e9 * sec / ((double)n * steps), e);
    return 0;
}
