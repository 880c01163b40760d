#pragma once
#include <vector>
#include "regimen.hpp"

struct Exposure {
    double cmax;      // mg/L over the whole course
    double trough;    // mg/L just before the last dose
    double auc_last;  // mg h/L over the last dosing interval
};

std::vector<Patient> sample_population(int n, unsigned seed);
Exposure simulate_patient(const Drug &drug, const Patient &p, double interval_h, double dt);
