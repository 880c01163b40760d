#pragma once
#include <vector>

struct Body {
    double x, y, z, vx, vy, vz, m;
};

class System {
  public:
    explicit System(int n);
    void step(double dt);
    double energy() const;
    int size() const { return static_cast<int>(bodies.size()); }

  private:
    std::vector<Body> bodies;
};
