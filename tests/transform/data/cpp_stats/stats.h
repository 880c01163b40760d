#ifndef STATS_H
#define STATS_H
#include <string>
#include <vector>

struct Point { double x, y; };

struct Series {
    std::string name;
    std::vector<double> values;
    double weighted(std::vector<double> weights) const;
    void scale(double f);
};

double mean(std::vector<double> v);
double spread(Series s);
double trimmed(std::vector<double> v, double frac);
void normalise(std::vector<double> v, std::vector<double> &out);
double consume(std::vector<double> v);
double dist(Point a, Point b);
std::size_t label_len(std::string label);
#endif
