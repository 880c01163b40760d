// spectralmix: a hyperspectral cube (rows x columns x bands) and the band-mixing matrix
#pragma once
#include <cstddef>
#include <vector>

struct Cube {
    int nr = 0, nq = 0, np = 0;       // rows, columns, bands (PolyBench's R, Q, P)
    std::vector<double> a;            // a[(r * nq + q) * np + p]
    double &at(int r, int q, int p) { return a[(static_cast<std::size_t>(r) * nq + q) * np + p]; }
    double at(int r, int q, int p) const {
        return a[(static_cast<std::size_t>(r) * nq + q) * np + p];
    }
};

struct Mixing {
    int np = 0;
    std::vector<double> c4;           // c4[s * np + p]: weight of band s in output band p
    double at(int s, int p) const { return c4[static_cast<std::size_t>(s) * np + p]; }
};

Cube make_cube(int nr, int nq, int np);
Mixing make_mixing(int np);
void report(const Cube &cube);
