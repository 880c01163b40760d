// PolyBench/C 4.2 linear-algebra/kernels/doitgen, as in the suite (sum[] per pixel),
// on the lab's cube: every pixel's spectrum multiplied by the mixing matrix C4
#include <vector>
#include "doitgen.hpp"

void mix_bands(Cube &cube, const Mixing &mix)
{
    const int nr = cube.nr, nq = cube.nq, np = cube.np;
    std::vector<double> sum(np);
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nq; q++) {
            for (int p = 0; p < np; p++) {
                sum[p] = 0.0;
                for (int s = 0; s < np; s++)
                    sum[p] += cube.at(r, q, s) * mix.at(s, p);
            }
            for (int p = 0; p < np; p++)
                cube.at(r, q, p) = sum[p];
        }
}
