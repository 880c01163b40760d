// spectralmix: PolyBench doitgen's init_array on the lab's structures, and the summary
#include <cmath>
#include <cstdio>
#include "cube.hpp"

Cube make_cube(int nr, int nq, int np)
{
    Cube c;
    c.nr = nr;
    c.nq = nq;
    c.np = np;
    c.a.resize(static_cast<std::size_t>(nr) * nq * np);
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nq; q++)
            for (int p = 0; p < np; p++)
                c.at(r, q, p) = static_cast<double>((r * q + p) % np) / np;
    return c;
}

Mixing make_mixing(int np)
{
    Mixing m;
    m.np = np;
    m.c4.resize(static_cast<std::size_t>(np) * np);
    for (int s = 0; s < np; s++)
        for (int p = 0; p < np; p++)
            m.c4[static_cast<std::size_t>(s) * np + p] = static_cast<double>((s * p) % np) / np;
    return m;
}

void report(const Cube &cube)
{
    double total = 0.0, peak = 0.0;
    int pr = 0, pq = 0, pp = 0;
    std::vector<double> band(cube.np, 0.0);
    for (int r = 0; r < cube.nr; r++)
        for (int q = 0; q < cube.nq; q++)
            for (int p = 0; p < cube.np; p++) {
                double v = cube.at(r, q, p);
                total += v;
                band[p] += v;
                if (std::fabs(v) > peak) {
                    peak = std::fabs(v);
                    pr = r;
                    pq = q;
                    pp = p;
                }
            }
    std::printf("cube total %.10e\n", total);
    std::printf("peak %.10e at row %d column %d band %d\n", peak, pr, pq, pp);
    for (int p = 0; p < cube.np; p += cube.np / 8 > 0 ? cube.np / 8 : 1)
        std::printf("band %4d mean %.10e\n", p, band[p] / (static_cast<double>(cube.nr) * cube.nq));
}
