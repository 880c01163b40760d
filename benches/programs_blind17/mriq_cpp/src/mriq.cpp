#include <cmath>
#include "mriq.hpp"

static const float PIx2 = 6.2831853071795864769252867665590058f;

// Parboil mri-q, computePhiMag_CPU
void computePhiMag(const Trajectory &t, std::vector<float> &phiMag)
{
    phiMag.resize(t.phiR.size());
    for (std::size_t i = 0; i < t.phiR.size(); i++)
        phiMag[i] = t.phiR[i] * t.phiR[i] + t.phiI[i] * t.phiI[i];
}

// Parboil mri-q, computeQ_CPU: for every voxel, the sum over the k-space samples
void computeQ(int numK, int numX, const std::vector<KValues> &kVals, const Trajectory &t,
              std::vector<float> &Qr, std::vector<float> &Qi)
{
    Qr.assign(numX, 0.0f);
    Qi.assign(numX, 0.0f);
    for (int indexX = 0; indexX < numX; indexX++) {
        float QrSum = 0.0f, QiSum = 0.0f;
        for (int indexK = 0; indexK < numK; indexK++) {
            float expArg = PIx2 * (kVals[indexK].Kx * t.x[indexX] +
                                   kVals[indexK].Ky * t.y[indexX] +
                                   kVals[indexK].Kz * t.z[indexX]);
            float cosArg = std::cos(expArg);
            float sinArg = std::sin(expArg);
            float phi = kVals[indexK].PhiMag;
            QrSum += phi * cosArg;
            QiSum += phi * sinArg;
        }
        Qr[indexX] = QrSum;
        Qi[indexX] = QiSum;
    }
}
