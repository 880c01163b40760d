#pragma once
#include <functional>
#include <vector>

// declared here, defined in split.cpp: other translation units see no body
double integrate(const std::vector<double>& u, const std::function<double(double)>& g);
