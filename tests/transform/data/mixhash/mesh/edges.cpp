#include "edges.hpp"

long count_edges(const std::vector<int>& tris, EdgeTable& edges)
{
    long shared = 0;
    for (std::size_t t = 0; t + 2 < tris.size(); t += 3)
        for (int k = 0; k < 3; k++) {
            int a = tris[t + k], b = tris[t + (k + 1) % 3];
            if (a > b) std::swap(a, b);
            int& n = edges[{a, b}];  // HOT
            if (++n == 2) shared++;
        }
    return shared;
}
