// Particles deposited on a sparse 3-D grid keyed by their (i, j, k) cell. Prints only sums,
// counts and maxima: nothing that depends on the table's iteration order.
#include <cstdio>
#include <functional>
#include <unordered_map>

struct Cell {
    int i, j, k;
    bool operator==(const Cell& o) const { return i == o.i && j == o.j && k == o.k; }
};

namespace std {
template <> struct hash<Cell> {
    size_t operator()(const Cell& c) const noexcept
    {
        size_t h1 = hash<int>()(c.i);
        size_t h2 = hash<int>()(c.j);
        size_t h3 = hash<int>()(c.k);
        return h1 ^ (h2 << 1) ^ (h3 << 2);
    }
};
}  // namespace std

static double deposit(std::unordered_map<Cell, double>& grid, int n)
{
    double total = 0.0;
    unsigned s = 12345u;
    for (int p = 0; p < n; p++) {
        s = s * 1664525u + 1013904223u;
        int i = (int)(s >> 27), j = (int)((s >> 20) & 31), k = (int)((s >> 14) & 31);
        double w = 1.0 + (s & 15);
        grid[Cell{i, j, k}] += w;  // HOT
        total += w;
    }
    return total;
}

#ifndef PARTICLES
#define PARTICLES 400000
#endif

int main()
{
    std::unordered_map<Cell, double> grid;
    double total = deposit(grid, PARTICLES);
    double maxw = 0.0, sum = 0.0;
    long ksum = 0;
    for (const auto& kv : grid) {
        sum += kv.second;
        if (kv.second > maxw) maxw = kv.second;
        ksum += kv.first.i + 32L * kv.first.j + 1024L * kv.first.k;
    }
    std::printf("cells %zu total %.1f sum %.1f max %.1f ksum %ld\n", grid.size(), total, sum,
                maxw, ksum);
    return 0;
}
