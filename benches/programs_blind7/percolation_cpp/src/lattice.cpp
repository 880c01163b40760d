#include "lattice.hpp"

int Lattice::neighbours(int s, std::array<int, 4>& nb) const {
    int k = 0;
    const int x = s % L, y = s / L;
    if (x > 0) nb[k++] = s - 1;
    if (x < L - 1) nb[k++] = s + 1;
    if (y > 0) nb[k++] = s - L;
    if (y < L - 1) nb[k++] = s + L;
    return k;
}
