// fvm.hpp -- median-dual finite volumes on the edge table
#pragma once

#include <vector>

#include "mesh.hpp"

struct DualMesh {
    std::vector<double> volume;   // dual cell area per node
    std::vector<double> weight;   // two-point diffusion coefficient per edge, |n_e| / |e|
    double min_volume = 0, max_volume = 0, total_volume = 0;
    double boundary_length = 0;
    long boundary_edges = 0;
};

DualMesh build_dual(const Mesh& m);

// explicit diffusion dT/dt = k lap T on the dual cells, T fixed to 0 on the boundary
void diffuse(const Mesh& m, const DualMesh& d, std::vector<double>& T, double k, double dt,
             int steps);
