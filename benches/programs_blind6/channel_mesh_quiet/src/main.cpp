// channelmesh: mesh generator for the bump-channel test case.
//
//   ./channelmesh [nx=1000] [ny=300] [beta_wall=2.5]
//
// Writes channel.msh (Gmsh 2.2 ASCII) in the current directory. Silent on
// success (our workflow scripts call it before the solver).
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "geometry.hpp"
#include "gmsh_writer.hpp"
#include "mesh.hpp"

int main(int argc, char** argv) {
    const int nx = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int ny = argc > 2 ? std::atoi(argv[2]) : 300;
    const double beta = argc > 3 ? std::atof(argv[3]) : 2.5;
    if (nx < 2 || ny < 2 || beta <= 0.0) {
        std::fprintf(stderr, "usage: channelmesh [nx>=2] [ny>=2] [beta_wall>0]\n");
        return 1;
    }
    try {
        Channel ch;
        const Mesh m = build_channel_mesh(ch, nx, ny, beta, 1.0);
        const Quality q = mesh_quality(m);
        write_gmsh("channel.msh", m, q);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "channelmesh: %s\n", e.what());
        return 2;
    }
    return 0;
}
