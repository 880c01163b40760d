#pragma once
#include <vector>

#ifndef MAX_NEIGHBORS
#define MAX_NEIGHBORS 128
#endif

struct Vec4 { double x, y, z, w; };

struct LJParams {
    double cutsq = 16.0;   // SHOC MD: cutoff 4.0
    double lj1 = 1.5;      // 48 eps sigma^12 (SHOC's constants)
    double lj2 = 2.0;      // 24 eps sigma^6
};

// lattice.cpp: jittered lattice and the SHOC-style neighbour list (MAX_NEIGHBORS nearest per atom)
std::vector<Vec4> make_positions(int nside, double spacing, unsigned seed);
std::vector<int> build_neighbors(const std::vector<Vec4>& pos, int nside, double spacing);

// md.cpp: SHOC MD's compute_lj_force (the CPU reference)
void compute_lj_force(std::vector<Vec4>& force, const std::vector<Vec4>& pos,
                      const std::vector<int>& neigh, const LJParams& p);
