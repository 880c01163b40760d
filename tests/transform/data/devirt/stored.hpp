#pragma once
#include <functional>
#include <utility>
#include <vector>

// a solver keeping its flux in a member: the callable is chosen at run time and stored
class Limiter {
 public:
  void set(std::function<double(double)> f) { phi_ = std::move(f); }
  void apply(std::vector<double>& u) const {
    for (double& v : u) v = phi_(v);
  }

 private:
  std::function<double(double)> phi_;
};
