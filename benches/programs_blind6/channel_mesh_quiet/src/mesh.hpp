// Structured quadrilateral mesh built by transfinite interpolation
#pragma once
#include <vector>

#include "geometry.hpp"

struct Node { double x, y, z; };

struct Quad { long n[4]; };

struct Edge { long n[2]; int tag; };   // boundary segment with its physical tag

enum BoundaryTag { INLET = 1, OUTLET = 2, LOWER_WALL = 3, UPPER_WALL = 4, FLUID = 10 };

struct Mesh {
    int nx = 0, ny = 0;             // cells in x and y
    std::vector<Node> nodes;
    std::vector<Quad> quads;
    std::vector<Edge> edges;

    long node_id(int i, int j) const { return static_cast<long>(j) * (nx + 1) + i; }
};

Mesh build_channel_mesh(const Channel& ch, int nx, int ny, double beta_wall, double beta_x);

// quality report: minimum and maximum cell area, maximum aspect ratio
struct Quality { double amin, amax, aspect_max; };
Quality mesh_quality(const Mesh& m);
