#include "regimen.hpp"

Drug make_regimen(double dose_mg, double interval_h, int doses)
{
    Drug d;
    d.name = "phenytoin-like oral regimen (loading dose + maintenance)";
    for (int i = 0; i < doses; ++i) {
        d.dose_time_h.push_back(i * interval_h);
        d.dose_mg.push_back(i == 0 ? 2.0 * dose_mg : dose_mg);   // loading dose first
    }
    return d;
}
