#include "clusters.hpp"

#include <algorithm>
#include <array>

Clusters::Clusters(const Lattice& lat)
    : lat_(lat), parent_(lat.sites()), occupied_(lat.sites()), touches_top_(lat.sites()),
      touches_bottom_(lat.sites()) {
    reset();
}

void Clusters::reset() {
    std::fill(parent_.begin(), parent_.end(), -1);
    std::fill(occupied_.begin(), occupied_.end(), 0);
    std::fill(touches_top_.begin(), touches_top_.end(), 0);
    std::fill(touches_bottom_.begin(), touches_bottom_.end(), 0);
    largest_ = 0;
    sum_sq_ = 0;
    occupied_count_ = 0;
}

int Clusters::find(int s) {
    while (parent_[s] >= 0) {
        if (parent_[parent_[s]] >= 0) parent_[s] = parent_[parent_[s]];   // path halving
        s = parent_[s];
    }
    return s;
}

int Clusters::occupy(int s) {
    occupied_[s] = 1;
    ++occupied_count_;
    parent_[s] = -1;
    touches_top_[s] = lat_.top(s);
    touches_bottom_[s] = lat_.bottom(s);
    sum_sq_ += 1;
    int root = s;
    std::array<int, 4> nb;
    const int nn = lat_.neighbours(s, nb);
    for (int k = 0; k < nn; ++k) {
        const int n = nb[k];
        if (!occupied_[n]) continue;
        int r = find(n);
        if (r == root) continue;
        const long a = -parent_[root], b = -parent_[r];
        sum_sq_ += 2 * a * b;                          // (a+b)^2 - a^2 - b^2
        if (a < b) std::swap(root, r);                 // the bigger tree becomes the root
        parent_[root] = -(int)(a + b);
        parent_[r] = root;
        touches_top_[root] = touches_top_[root] || touches_top_[r];
        touches_bottom_[root] = touches_bottom_[root] || touches_bottom_[r];
    }
    const int size = -parent_[root];
    largest_ = std::max(largest_, size);
    return size;
}

bool Clusters::spans() const {
    for (int s = 0; s < lat_.sites(); ++s)
        if (parent_[s] < 0 && occupied_[s] && touches_top_[s] && touches_bottom_[s]) return true;
    return false;
}

double Clusters::mean_finite_size() const {
    const long big = largest_;
    const long rest = occupied_count_ - big;
    if (rest <= 0) return 0.0;
    return double(sum_sq_ - big * big) / double(rest);
}
