// mesh.hpp -- unstructured triangle mesh with its edge table
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

struct Point {
    double x, y;
};

// an undirected edge: its two nodes (a < b) and the triangles on either side
// (right = -1 on the boundary)
struct Edge {
    int a, b;
    int left, right;
};

// hash of an ordered node pair, for the edge lookup table
struct PairHash {
    std::size_t operator()(const std::pair<int, int>& k) const
    {
        return std::hash<int>{}(k.first) ^ std::hash<int>{}(k.second);
    }
};

class Mesh {
public:
    // a structured-looking triangulation of [0, lx] x [0, ly] with nx x ny nodes,
    // interior nodes jittered, diagonals alternating (what the group's mesher writes)
    static Mesh channel(int nx, int ny, double lx, double ly, unsigned seed);

    // edge table: every undirected edge once, with its neighbouring triangles
    void build_edges();

    std::size_t n_nodes() const { return nodes_.size(); }
    std::size_t n_triangles() const { return tris_.size(); }
    std::size_t n_edges() const { return edges_.size(); }

    const std::vector<Point>& nodes() const { return nodes_; }
    const std::vector<std::array<int, 3>>& triangles() const { return tris_; }
    const std::vector<Edge>& edges() const { return edges_; }
    const std::vector<char>& on_boundary() const { return boundary_node_; }

    double triangle_area(int t) const;
    Point centroid(int t) const;

private:
    std::vector<Point> nodes_;
    std::vector<std::array<int, 3>> tris_;
    std::vector<Edge> edges_;
    std::vector<char> boundary_node_;
};
