#pragma once
#include "regimen.hpp"

struct State {
    double gut;      // mg still to be absorbed
    double central;  // mg in the central compartment
    double periph;   // mg in the peripheral compartment
};

double central_volume(Drug drug, Patient p);
double elimination_rate(Drug drug, Patient p, double conc);
State derivatives(Drug drug, Patient p, State s);
State rk4_step(Drug drug, Patient p, State s, double dt);
