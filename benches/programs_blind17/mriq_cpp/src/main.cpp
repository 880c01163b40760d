#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include "mriq.hpp"

int main(int argc, char **argv)
{
    int numX = argc > 1 ? std::atoi(argv[1]) : 32768;
    const int numK = NUM_K;
    Trajectory t = make_trajectory(numK, numX);
    std::vector<float> phiMag;
    computePhiMag(t, phiMag);
    std::vector<KValues> kVals(numK);
    for (int k = 0; k < numK; k++)
        kVals[k] = {t.kx[k], t.ky[k], t.kz[k], phiMag[k]};

    auto t0 = std::chrono::steady_clock::now();
    std::vector<float> Qr, Qi;
    computeQ(numK, numX, kVals, t, Qr, Qi);
    auto t1 = std::chrono::steady_clock::now();

    double sr = 0, si = 0, mag = 0;
    for (int i = 0; i < numX; i++) {
        sr += Qr[i]; si += Qi[i];
        mag += std::sqrt((double)Qr[i] * Qr[i] + (double)Qi[i] * Qi[i]);
    }
    std::printf("[scanrecon] voxels=%d samples=%d\n", numX, numK);
    std::printf("[scanrecon] sum Qr = %.7e  sum Qi = %.7e\n", sr, si);
    std::printf("[scanrecon] sum |Q| = %.7e\n", mag);
    std::printf("[scanrecon] Q[%d] = (%.6e, %.6e)\n", numX / 3, Qr[numX / 3], Qi[numX / 3]);
    std::printf("[scanrecon] computeQ: %.1f ms\n",
                std::chrono::duration<double, std::milli>(t1 - t0).count());
    return 0;
}
