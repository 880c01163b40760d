// Groundwater head update on 6 M cells: every step calls build_stencil(), which creates a fresh
// std::vector<double> of 6 M coefficients (48 MB, zero-initialised), fills it with one cheap pass
// and applies it; the vector is freed at the end of the call. -DKEEP reuses one vector for all steps.
// Prints steps, cells and seconds per step.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void build_stencil(std::vector<double> &head, int step)
{
#ifdef KEEP
    static std::vector<double> coef(head.size());
#else
    std::vector<double> coef(head.size());
#endif
    const std::size_t n = head.size();
    for (std::size_t i = 0; i < n; i++) coef[i] = 0.25 + 1e-3 * ((i + step) & 7);
    for (std::size_t i = 0; i < n; i++) head[i] += coef[i] * (20.0 - head[i]) * 1e-3;
}

int main(int argc, char **argv)
{
    int nsteps = argc > 1 ? std::atoi(argv[1]) : 30;
    std::vector<double> head(6000000);
    for (std::size_t i = 0; i < head.size(); i++) head[i] = 10.0 + 1e-6 * i;
    auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < nsteps; s++) build_stencil(head, s);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("build %s steps %d cells %zu seconds %.3f ms/step %.2f head %.6f\n",
#ifdef KEEP
                "keep",
#else
                "fresh",
#endif
                nsteps, head.size(), secs, 1e3 * secs / nsteps, head[head.size() / 2]);
    return 0;
}
