#ifndef TABLE_H
#define TABLE_H
#include <vector>

/* piecewise-linear lookup in a table of increasing xs */
double lookup(std::vector<double> xs, std::vector<double> ys, double x);
#endif
