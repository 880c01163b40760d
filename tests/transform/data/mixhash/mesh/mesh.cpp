// A structured triangle mesh of N x N quads: count its edges, the shared and the boundary
// ones. Prints only results that do not depend on the table's iteration order.
#include <cstdio>
#include "edges.hpp"

#ifndef N
#define N 120
#endif

int main()
{
    const int nx = N, ny = N;
    std::vector<int> tris;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            int v = j * (nx + 1) + i;
            tris.insert(tris.end(), {v, v + 1, v + nx + 1, v + 1, v + nx + 2, v + nx + 1});
        }
    EdgeTable edges;
    long shared = 0;
    for (int rep = 0; rep < 3; rep++) {
        edges.clear();
        shared = count_edges(tris, edges);
    }
    long boundary = 0, keysum = 0;
    for (const auto& kv : edges) {
        if (kv.second == 1) boundary++;
        keysum += (long)kv.first.first * 7 + kv.first.second;
    }
    std::printf("edges %zu shared %ld boundary %ld keysum %ld\n", edges.size(), shared,
                boundary, keysum);
    return 0;
}
