#pragma once
#include <vector>

// Parboil mri-q: k-space samples as the suite stores them (array of structures)
struct KValues {
    float Kx, Ky, Kz, PhiMag;
};

struct Trajectory {
    std::vector<float> kx, ky, kz, phiR, phiI;   // k-space trajectory and phase
    std::vector<float> x, y, z;                   // voxel positions
};

Trajectory make_trajectory(int numK, int numX);
void computePhiMag(const Trajectory &t, std::vector<float> &phiMag);
void computeQ(int numK, int numX, const std::vector<KValues> &k, const Trajectory &t,
              std::vector<float> &Qr, std::vector<float> &Qi);
