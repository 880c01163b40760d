// 7-point smoothing of a 3-D field held in one std::vector<double>, index (k*NY + j)*NX + i
// (i fastest in memory). The loop nest runs i outermost and k innermost.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static double cpu_s() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 160;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const long nx = n, ny = n, nz = n;
    std::vector<double> u(nx * ny * nz, 1.0), v(nx * ny * nz, 0.0);
    for (long p = 0; p < nx * ny * nz; ++p) u[p] = (p % 17) * 0.1;
    double t0 = cpu_s();
    for (int s = 0; s < steps; ++s) {
        for (long i = 1; i < nx - 1; ++i)
            for (long j = 1; j < ny - 1; ++j)
                for (long k = 1; k < nz - 1; ++k) {
                    long p = (k * ny + j) * nx + i;
                    v[p] = (u[p] + u[p - 1] + u[p + 1] + u[p - nx] + u[p + nx] + u[p - nx * ny] + u[p + nx * ny]) * (1.0 / 7.0);
                }
        u.swap(v);
    }
    double t = cpu_s() - t0;
    double cells = double(nx - 2) * (ny - 2) * (nz - 2) * steps;
    std::printf("smooth3d n=%d steps=%d cpu=%.3f s  rate=%.1f Mcell/s  check=%.6f\n", n, steps, t, cells / t * 1e-6, u[(nz / 2 * ny + ny / 2) * nx + nx / 2]);
    return 0;
}
