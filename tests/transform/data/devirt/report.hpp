#pragma once
#include <vector>

void report(const std::vector<double>& u, double extra, double seconds);
