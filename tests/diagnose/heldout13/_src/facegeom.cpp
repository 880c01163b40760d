// Finite-volume advection on a curvilinear (polar) mesh: every time step, the flux loop asks
// face_geometry() for each face's length and normal, which recomputes them from the vertex
// coordinates (sqrt, atan2, sin, cos) although the mesh never moves.  usage: facegeom NR NTH NSTEP
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Face { double len, nx, ny; };

__attribute__((noinline)) static Face face_geometry(double r0, double r1, double th0, double th1)
{
    double x0 = r0 * std::cos(th0), y0 = r0 * std::sin(th0);
    double x1 = r1 * std::cos(th1), y1 = r1 * std::sin(th1);
    double dx = x1 - x0, dy = y1 - y0, len = std::sqrt(dx * dx + dy * dy);
    double ang = std::atan2(dy, dx);
    return Face{len, std::sin(ang), -std::cos(ang)};
}

int main(int argc, char **argv)
{
    const int nr = argc > 1 ? std::atoi(argv[1]) : 200, nth = argc > 2 ? std::atoi(argv[2]) : 256;
    const int nstep = argc > 3 ? std::atoi(argv[3]) : 60;
    const double dr = 1.0 / nr, dth = 2 * M_PI / nth, ux = 1.0, uy = 0.3, dt = 1e-4;
    std::vector<double> q(nr * nth), dq(nr * nth);
    for (int k = 0; k < nr * nth; k++) q[k] = std::exp(-0.01 * (k % 97));
    for (int s = 0; s < nstep; s++) {
        for (int i = 1; i < nr; i++)
            for (int j = 0; j < nth; j++) {
                Face f = face_geometry(1.0 + i * dr, 1.0 + i * dr, j * dth, (j + 1) * dth);
                double un = ux * f.nx + uy * f.ny;
                int L = (i - 1) * nth + j, R = i * nth + j;
                double flux = f.len * (un > 0 ? un * q[L] : un * q[R]);
                dq[L] -= flux;
                dq[R] += flux;
            }
        for (int k = 0; k < nr * nth; k++) { q[k] += dt * dq[k]; dq[k] = 0.0; }
    }
    double tot = 0;
    for (double v : q) tot += v;
    std::printf("cells=%d steps=%d total=%.12e\n", nr * nth, nstep, tot);
    return 0;
}
