#pragma once
#include <string>
#include <vector>

// A drug and its dosing regimen (oral doses, two-compartment disposition, saturable clearance)
struct Drug {
    std::string name;
    std::vector<double> dose_time_h;   // when each dose is taken
    std::vector<double> dose_mg;       // how much
    double ka = 1.1;        // absorption rate, 1/h
    double vmax = 55.0;     // maximal elimination, mg/h (70 kg adult)
    double km = 9.0;        // concentration at half vmax, mg/L
    double vc = 28.0;       // central volume, L (70 kg adult)
    double k12 = 0.35;      // central -> peripheral, 1/h
    double k21 = 0.22;      // peripheral -> central, 1/h
};

// One simulated patient: body weight and the individual deviations from the typical values
struct Patient {
    double weight_kg;
    double cl_factor;
    double v_factor;
};

Drug make_regimen(double dose_mg, double interval_h, int doses);
