#pragma once
#include <vector>
double surface(const std::vector<double> &ctrl, int points);
std::vector<double> weights(double t, int degree);
