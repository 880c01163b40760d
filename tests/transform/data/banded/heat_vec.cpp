// 1-D heat equation, implicit Euler, in C++: the tridiagonal system assembled into a flat
// std::vector of n * n zeros and solved by Gaussian elimination without pivoting.
#include <cmath>
#include <cstdio>
#include <vector>

static std::vector<double> implicit_step(int n, double r, const std::vector<double> &u)
{
    std::vector<double> a(n * n), b(u), x(n);
    for (int i = 0; i < n; i++) {
        a[i * n + i] = 1.0 + 2.0 * r;
        if (i > 0)
            a[i * n + i - 1] = -r;
        if (i + 1 < n)
            a[i * n + i + 1] = -r;
    }
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) {
            double f = a[i * n + k] / a[k * n + k];
            for (int j = k; j < n; j++)
                a[i * n + j] -= f * a[k * n + j]; /* HOT */
            b[i] -= f * b[k];
        }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < n; j++)
            s -= a[i * n + j] * x[j];
        x[i] = s / a[i * n + i];
    }
    return x;
}

int main()
{
    int n = 400;
    std::vector<double> u(n);
    for (int i = 0; i < n; i++)
        u[i] = std::sin(3.14159 * (i + 1) / (n + 1));
    for (int t = 0; t < 3; t++)
        u = implicit_step(n, 0.3, u);
    for (int i = 0; i < n; i += n / 10)
        std::printf("u[%d] = %.12e\n", i, u[i]);
}
