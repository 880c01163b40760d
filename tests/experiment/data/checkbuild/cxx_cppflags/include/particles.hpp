#pragma once
#include <vector>
#ifndef NPART
#define NPART 1000
#endif
double relax(std::vector<double>& x, int sweeps);
