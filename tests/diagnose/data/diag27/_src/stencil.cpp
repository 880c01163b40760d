// 2-D Jacobi stencil whose decay factor std::exp(-k*dt) is recomputed per point
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char **argv) {
    const int n = 512, steps = argc > 1 ? std::atoi(argv[1]) : 60;
    const double k = argc > 2 ? std::atof(argv[2]) : 0.3, dt = 0.01;
    std::vector<double> u(n * n, 1.0), v(n * n, 0.0);
    for (int s = 0; s < steps; ++s) {
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j) {
                double decay = std::exp(-k * dt) * std::cos(k * dt);
                v[i * n + j] = decay * 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                               u[i * n + j - 1] + u[i * n + j + 1]);
            }
        u.swap(v);
    }
    std::printf("center=%.6e\n", u[n / 2 * n + n / 2]);
    return 0;
}
