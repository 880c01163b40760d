// Soft-sphere contact forces (linear spring-dashpot, no friction) between discs and with the
// box walls.
#pragma once

#include "cellhash.hpp"
#include "particle.hpp"

struct ContactModel {
    double kn;     // normal stiffness (N/m)
    double gamma;  // normal damping (N s/m)
};

struct ContactStats {
    long contacts = 0;
    long wall_contacts = 0;
    double max_overlap = 0.0;  // relative to the smaller radius
};

ContactStats compute_forces(Particles &p, const CellHash &grid, const ContactModel &cm,
                            double box);
