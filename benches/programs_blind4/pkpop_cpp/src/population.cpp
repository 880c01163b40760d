#include <algorithm>
#include <cmath>
#include <random>
#include "population.hpp"
#include "model.hpp"

std::vector<Patient> sample_population(int n, unsigned seed)
{
    std::mt19937 gen(seed);
    std::normal_distribution<double> weight(72.0, 13.0);
    std::normal_distribution<double> eta(0.0, 1.0);
    std::vector<Patient> pop;
    pop.reserve(n);
    for (int i = 0; i < n; ++i) {
        double w = std::clamp(weight(gen), 40.0, 140.0);
        pop.push_back({w, std::exp(0.30 * eta(gen)), std::exp(0.20 * eta(gen))});
    }
    return pop;
}

Exposure simulate_patient(const Drug &drug, const Patient &p, double interval_h, double dt)
{
    const double t_last = drug.dose_time_h.back();
    const double t_end = t_last + interval_h;
    const int steps = (int)std::lround(t_end / dt);
    State s{0.0, 0.0, 0.0};
    size_t next = 0;
    Exposure e{0.0, 0.0, 0.0};
    double conc = 0.0;
    for (int k = 0; k < steps; ++k) {
        double t = k * dt;
        while (next < drug.dose_time_h.size() && drug.dose_time_h[next] <= t + 1e-9) {
            if (next + 1 == drug.dose_time_h.size())
                e.trough = conc;                       // just before the last dose
            s.gut += drug.dose_mg[next];
            ++next;
        }
        State n = rk4_step(drug, p, s, dt);
        double c_new = n.central / central_volume(drug, p);
        if (t >= t_last - 1e-9)
            e.auc_last += 0.5 * (conc + c_new) * dt;   // trapezoid over the last interval
        conc = c_new;
        e.cmax = std::max(e.cmax, conc);
        s = n;
    }
    return e;
}
