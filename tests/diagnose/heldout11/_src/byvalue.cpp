// Row-by-row weighted norms of a table of samples; the helper takes the table of per-column
// weights (4096 columns, of which a row uses its first cols) by value.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static double cpu_s() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) double wnorm(const double *row, int cols, std::vector<double> w) {
    double s = 0;
    for (int k = 0; k < cols; ++k) s += w[k] * row[k] * row[k];
    return std::sqrt(s);
}

int main(int argc, char **argv) {
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int cols = argc > 2 ? std::atoi(argv[2]) : 64;
    const int reps = argc > 3 ? std::atoi(argv[3]) : 4;
    std::vector<double> w(4096), tab((long)rows * cols);
    for (std::size_t k = 0; k < w.size(); ++k) w[k] = 1.0 / (1 + k);
    for (long p = 0; p < (long)rows * cols; ++p) tab[p] = (p % 101) * 0.01;
    double c0 = cpu_s(), acc = 0;
    for (int r = 0; r < reps; ++r)
        for (int i = 0; i < rows; ++i) acc += wnorm(&tab[(long)i * cols], cols, w);
    std::printf("norms rows=%d cols=%d reps=%d cpu=%.3f s ns_per_row=%.1f acc=%.4f\n", rows, cols, reps,
                cpu_s() - c0, (cpu_s() - c0) / ((double)rows * reps) * 1e9, acc);
    return 0;
}
