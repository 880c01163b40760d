// spectralmix: mix the bands of a synthetic hyperspectral cube; usage: spectralmix ROWS COLS BANDS
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "cube.hpp"
#include "doitgen.hpp"

int main(int argc, char **argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s ROWS COLS BANDS\n", argv[0]);
        return 2;
    }
    const int nr = std::atoi(argv[1]), nq = std::atoi(argv[2]), np = std::atoi(argv[3]);
    if (nr <= 0 || nq <= 0 || np <= 0) {
        std::fprintf(stderr, "sizes must be positive\n");
        return 2;
    }
    Cube cube = make_cube(nr, nq, np);
    const Mixing mix = make_mixing(np);
    std::printf("cube %d x %d x %d\n", nr, nq, np);
    auto t0 = std::chrono::steady_clock::now();
    mix_bands(cube, mix);
    auto t1 = std::chrono::steady_clock::now();
    report(cube);
    std::printf("[spectralmix] mixing took %.1f ms\n",
                std::chrono::duration<double, std::milli>(t1 - t0).count());
    return 0;
}
