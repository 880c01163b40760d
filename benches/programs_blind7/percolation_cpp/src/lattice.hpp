// L x L square lattice, sites numbered row by row; open boundaries
#pragma once
#include <array>

struct Lattice {
    int L;
    explicit Lattice(int L_) : L(L_) {}
    int sites() const { return L * L; }
    // the up to four nearest neighbours of site s: stored in nb, their number returned
    int neighbours(int s, std::array<int, 4>& nb) const;
    bool top(int s) const { return s < L; }
    bool bottom(int s) const { return s >= L * (L - 1); }
};
