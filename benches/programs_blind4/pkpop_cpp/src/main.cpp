// pkpop: exposure of a virtual population to an oral regimen (two-compartment model,
// saturable elimination), for the dose-finding meeting
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>
#include "population.hpp"
#include "regimen.hpp"

int main(int argc, char **argv)
{
    int npat = argc > 1 ? std::atoi(argv[1]) : 200;
    double dose = argc > 2 ? std::atof(argv[2]) : 300.0;
    const double interval = 12.0, dt = 0.02;
    const int ndoses = 28;

    Drug drug = make_regimen(dose, interval, ndoses);
    std::vector<Patient> pop = sample_population(npat, 20240611u);

    auto t0 = std::chrono::steady_clock::now();
    std::vector<Exposure> ex;
    ex.reserve(npat);
    for (const Patient &p : pop)
        ex.push_back(simulate_patient(drug, p, interval, dt));
    auto t1 = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();

    double cmax = 0, trough = 0;
    int in_window = 0;
    std::vector<double> auc;
    for (const Exposure &e : ex) {
        cmax += e.cmax;
        trough += e.trough;
        in_window += e.trough >= 10.0 && e.trough <= 20.0;
        auc.push_back(e.auc_last);
    }
    std::sort(auc.begin(), auc.end());
    auto pct = [&](double q) { return auc[(size_t)(q * (auc.size() - 1))]; };

    std::printf("== %s: %g mg q%gh x %d, %d patients ==\n", drug.name.c_str(), dose, interval,
                ndoses, npat);
    std::printf("(simulation took %.1f ms, %.2f us per patient-day)\n", ms,
                1e3 * ms / (npat * (ndoses * interval / 24.0)));
    std::printf("mean Cmax      %10.4f mg/L\n", cmax / npat);
    std::printf("mean trough    %10.4f mg/L\n", trough / npat);
    std::printf("AUC(tau) p05   %10.3f mg h/L\n", pct(0.05));
    std::printf("AUC(tau) p50   %10.3f mg h/L\n", pct(0.50));
    std::printf("AUC(tau) p95   %10.3f mg h/L\n", pct(0.95));
    std::printf("trough in 10-20 mg/L: %d of %d patients\n", in_window, npat);
    return 0;
}
