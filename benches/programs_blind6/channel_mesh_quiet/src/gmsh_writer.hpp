// Gmsh MSH 2.2 ASCII writer
#pragma once
#include <string>

#include "mesh.hpp"

void write_gmsh(const std::string& path, const Mesh& m, const Quality& q);
