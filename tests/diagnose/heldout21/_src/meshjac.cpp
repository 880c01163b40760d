// Finite-element heat conduction setup and assembly. read_mesh() takes the node and element arrays
// (generated in memory here, as the mesh reader hands them over) and, for every tetrahedron, computes
// its Jacobian, the Jacobian's inverse (40 Newton-Schulz iterations) and its volume weight; it runs on the master
// thread before any parallel region. The assembly then loops over the elements in parallel (OpenMP).
// Prints threads and the time of each phase.
#include <omp.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct elem { int n[4]; double jinv[9], w; };

__attribute__((noinline)) static std::vector<elem> read_mesh(int ne, std::vector<double> &xyz)
{
    int nn = ne / 2 + 4;
    xyz.resize(3 * nn);
    for (int i = 0; i < nn; i++)
        for (int d = 0; d < 3; d++) xyz[3 * i + d] = std::sin(0.37 * i + d) + 0.001 * i;
    std::vector<elem> e(ne);
    for (int k = 0; k < ne; k++) {
        elem &el = e[k];
        for (int v = 0; v < 4; v++) el.n[v] = (k / 2 + v * 3) % nn;
        double J[9];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) J[3 * r + c] = xyz[3 * el.n[c + 1] + r] - xyz[3 * el.n[0] + r] + (r == c ? 1.0 : 0.0);
        // inverse by Newton-Schulz refinement from J^T/|J|^2, 40 iterations
        double X[9];
        double fro = 0;
        for (int i = 0; i < 9; i++) fro += J[i] * J[i];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) X[3 * r + c] = J[3 * c + r] / fro;
        for (int it = 0; it < 40; it++) {
            double JX[9], N[9];
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 3; c++) { double s = 0; for (int m = 0; m < 3; m++) s += J[3 * r + m] * X[3 * m + c]; JX[3 * r + c] = (r == c ? 2.0 : 0.0) - s; }
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 3; c++) { double s = 0; for (int m = 0; m < 3; m++) s += X[3 * r + m] * JX[3 * m + c]; N[3 * r + c] = s; }
            for (int i = 0; i < 9; i++) X[i] = std::isfinite(N[i]) ? N[i] : 0.0;
        }
        for (int i = 0; i < 9; i++) el.jinv[i] = X[i];
        el.w = std::fabs(J[0] * (J[4] * J[8] - J[5] * J[7]) - J[1] * (J[3] * J[8] - J[5] * J[6]) + J[2] * (J[3] * J[7] - J[4] * J[6])) / 6.0;
    }
    return e;
}

int main(int argc, char **argv)
{
    int ne = argc > 1 ? std::atoi(argv[1]) : 200000;
    double t0 = omp_get_wtime();
    std::vector<double> xyz;
    std::vector<elem> e = read_mesh(ne, xyz);
    double t1 = omp_get_wtime();
    double energy = 0;
#pragma omp parallel for reduction(+ : energy) schedule(static)
    for (int k = 0; k < ne; k++) {
        const elem &el = e[k];
        double ke = 0;
        for (int q = 0; q < 24; q++)
            for (int i = 0; i < 9; i++) ke += el.jinv[i] * el.jinv[(i + q) % 9] * el.w * std::cos(0.1 * q + i);
        energy += ke;
    }
    double t2 = omp_get_wtime();
    std::printf("threads %d elements %d read_mesh_s %.3f assemble_s %.3f total_s %.3f energy %.6e\n",
                omp_get_max_threads(), ne, t1 - t0, t2 - t1, t2 - t0, energy);
    return 0;
}
