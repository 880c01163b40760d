#include "model.hpp"

// allometric scaling of the typical values to the patient's weight
double central_volume(Drug drug, Patient p)
{
    return drug.vc * (p.weight_kg / 70.0) * p.v_factor;
}

// Michaelis-Menten elimination, mg/h
double elimination_rate(Drug drug, Patient p, double conc)
{
    double vmax = drug.vmax * p.cl_factor * (p.weight_kg / 70.0);
    return vmax * conc / (drug.km + conc);
}

State derivatives(Drug drug, Patient p, State s)
{
    double conc = s.central / central_volume(drug, p);
    State d;
    d.gut = -drug.ka * s.gut;
    d.central = drug.ka * s.gut - elimination_rate(drug, p, conc)
              - drug.k12 * s.central + drug.k21 * s.periph;
    d.periph = drug.k12 * s.central - drug.k21 * s.periph;
    return d;
}

static State axpy(State s, double h, State d)
{
    return {s.gut + h * d.gut, s.central + h * d.central, s.periph + h * d.periph};
}

State rk4_step(Drug drug, Patient p, State s, double dt)
{
    State k1 = derivatives(drug, p, s);
    State k2 = derivatives(drug, p, axpy(s, 0.5 * dt, k1));
    State k3 = derivatives(drug, p, axpy(s, 0.5 * dt, k2));
    State k4 = derivatives(drug, p, axpy(s, dt, k3));
    return {s.gut + dt / 6.0 * (k1.gut + 2.0 * k2.gut + 2.0 * k3.gut + k4.gut),
            s.central + dt / 6.0 * (k1.central + 2.0 * k2.central + 2.0 * k3.central + k4.central),
            s.periph + dt / 6.0 * (k1.periph + 2.0 * k2.periph + 2.0 * k3.periph + k4.periph)};
}
