#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

// Gaussian elimination with partial pivoting, column-oriented update
static int solve(int n, std::vector<std::vector<double>> &a, std::vector<double> &b)
{
    for (int k = 0; k < n - 1; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (std::fabs(a[i][k]) > std::fabs(a[p][k]))
                p = i;
        if (a[p][k] == 0.0)
            return -1;
        if (p != k) {
            for (int j = 0; j < n; j++) {
                double t = a[k][j];
                a[k][j] = a[p][j];
                a[p][j] = t;
            }
            double t = b[k];
            b[k] = b[p];
            b[p] = t;
        }
        for (int i = k + 1; i < n; i++)
            a[i][k] = a[i][k] / a[k][k];
        for (int j = k + 1; j < n; j++)
            for (int i = k + 1; i < n; i++)
                a[i][j] = a[i][j] - a[i][k] * a[k][j];  // HOT
        for (int i = k + 1; i < n; i++)
            b[i] = b[i] - a[i][k] * b[k];
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = 0.0;
        for (int j = i + 1; j < n; j++)
            s += a[i][j] * b[j];
        b[i] = (b[i] - s) / a[i][i];
    }
    return 0;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 200;
    std::vector<std::vector<double>> a(n, std::vector<double>(n));
    std::vector<double> b(n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i][j] = 1.0 / (1.0 + std::abs(i - j)) + ((i * 7 + j * 3) % 5) * 0.01;
        b[i] = std::sin(0.1 * i);
    }
    if (solve(n, a, b) != 0) {
        std::printf("singular\n");
        return 1;
    }
    for (int i = 0; i < n; i += n / 10)
        std::printf("x[%d] = %.14e\n", i, b[i]);
    return 0;
}
