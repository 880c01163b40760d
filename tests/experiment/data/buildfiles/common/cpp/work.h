#pragma once
#include <vector>
#ifndef N
#define N 200000
#endif
#ifndef REPS
#define REPS 40
#endif
void fill(std::vector<double>& a);
double relax(std::vector<double>& a);
