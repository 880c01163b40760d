// Spatial hash of the discs: a square cell of side h holds the indices of the discs whose
// centre lies in it.  Only occupied cells are stored (the box is large and mostly empty).
#pragma once

#include <unordered_map>
#include <vector>

#include "particle.hpp"

class CellHash {
public:
    explicit CellHash(double h) : h_(h) {}

    void rebuild(const Particles &p);
    int cell_of(double c) const { return static_cast<int>(c / h_); }

    // The discs in cell (cx, cy); throws std::out_of_range if the cell is empty.
    const std::vector<int> &at(int cx, int cy) const { return cells_.at(key(cx, cy)); }

    std::size_t occupied() const { return cells_.size(); }

private:
    static long long key(int cx, int cy)
    {
        return (static_cast<long long>(cx) << 32) ^ static_cast<unsigned int>(cy);
    }

    double h_;
    std::unordered_map<long long, std::vector<int>> cells_;
};
