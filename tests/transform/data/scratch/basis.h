#pragma once
#include <vector>
double eval_point(const std::vector<double> &knots, double t, int degree);
