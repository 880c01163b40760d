#include "gmsh_writer.hpp"

#include <fstream>
#include <iomanip>
#include <stdexcept>

void write_gmsh(const std::string& path, const Mesh& m, const Quality& q) {
    std::ofstream out(path);
    if (!out) throw std::runtime_error("cannot open " + path);

    out << "$MeshFormat" << std::endl;
    out << "2.2 0 8" << std::endl;
    out << "$EndMeshFormat" << std::endl;

    out << "$PhysicalNames" << std::endl;
    out << 5 << std::endl;
    out << "1 " << INLET << " \"inlet\"" << std::endl;
    out << "1 " << OUTLET << " \"outlet\"" << std::endl;
    out << "1 " << LOWER_WALL << " \"lower_wall\"" << std::endl;
    out << "1 " << UPPER_WALL << " \"upper_wall\"" << std::endl;
    out << "2 " << FLUID << " \"fluid\"" << std::endl;
    out << "$EndPhysicalNames" << std::endl;

    out << "$Nodes" << std::endl;
    out << m.nodes.size() << std::endl;
    out << std::setprecision(12);
    for (size_t k = 0; k < m.nodes.size(); ++k) {
        const Node& p = m.nodes[k];
        out << k + 1 << ' ' << p.x << ' ' << p.y << ' ' << p.z << std::endl;
    }
    out << "$EndNodes" << std::endl;

    // elements: boundary lines (type 1) then quads (type 3), two tags each
    out << "$Elements" << std::endl;
    out << m.edges.size() + m.quads.size() << std::endl;
    long id = 1;
    for (const Edge& e : m.edges)
        out << id++ << " 1 2 " << e.tag << ' ' << e.tag << ' ' << e.n[0] + 1 << ' '
            << e.n[1] + 1 << std::endl;
    for (const Quad& c : m.quads)
        out << id++ << " 3 2 " << FLUID << ' ' << FLUID << ' ' << c.n[0] + 1 << ' '
            << c.n[1] + 1 << ' ' << c.n[2] + 1 << ' ' << c.n[3] + 1 << std::endl;
    out << "$EndElements" << std::endl;

    // mesh statistics as a comment section (Gmsh skips unknown sections)
    out << "$Comments" << std::endl;
    out << "min_area " << q.amin << std::endl;
    out << "max_area " << q.amax << std::endl;
    out << "max_aspect " << q.aspect_max << std::endl;
    out << "$EndComments" << std::endl;
}
