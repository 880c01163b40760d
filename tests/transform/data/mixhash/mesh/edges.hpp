// The edge table of a triangle mesh: one entry per (lower node, higher node) pair.
#pragma once
#include <cstddef>
#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

struct EdgeHash {
    std::size_t operator()(const std::pair<int, int>& e) const
    {
        std::size_t h1 = std::hash<int>()(e.first);
        std::size_t h2 = std::hash<int>()(e.second);
        return h1 ^ h2;
    }
};

using EdgeTable = std::unordered_map<std::pair<int, int>, int, EdgeHash>;

long count_edges(const std::vector<int>& tris, EdgeTable& edges);
