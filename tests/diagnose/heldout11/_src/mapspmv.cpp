// Sparse matrix-vector products for a 2-D 5-point Laplacian, the matrix kept as std::map<(row,col), value>.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <utility>
#include <vector>

static double cpu_s() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    const int m = argc > 1 ? std::atoi(argv[1]) : 300;
    const int iters = argc > 2 ? std::atoi(argv[2]) : 20;
    const int n = m * m;
    std::map<std::pair<int, int>, double> A;
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < m; ++j) {
            int r = i * m + j;
            A[{r, r}] = 4.0;
            if (i > 0) A[{r, r - m}] = -1.0;
            if (i < m - 1) A[{r, r + m}] = -1.0;
            if (j > 0) A[{r, r - 1}] = -1.0;
            if (j < m - 1) A[{r, r + 1}] = -1.0;
        }
    std::vector<double> x(n, 1.0), y(n);
    double c0 = cpu_s();
    for (int it = 0; it < iters; ++it) {
        for (int r = 0; r < n; ++r) {
            double s = 0;
            for (int c : {r - m, r - 1, r, r + 1, r + m}) {
                auto p = A.find({r, c});
                if (p != A.end()) s += p->second * x[c];
            }
            y[r] = s;
        }
        for (int r = 0; r < n; ++r) x[r] = 0.25 * y[r] + 0.5;
    }
    double t = cpu_s() - c0;
    std::printf("spmv: n=%d nnz=%zu iters=%d cpu=%.3f s ns_per_nnz=%.1f x0=%.6f\n", n, A.size(), iters, t,
                t / (double(A.size()) * iters) * 1e9, x[0]);
    return 0;
}
