// a dynamic_cast per element to find the one derived type the loop handles
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>
struct Shape { virtual ~Shape() = default; virtual double size() const = 0; };
struct Poly : Shape { double s = 1; double size() const override { return s; } };
struct Tri : Poly { double size() const override { return s * 0.5; } };
struct Quad : Poly { double size() const override { return s * 2; } };
struct Circ : Shape { double r = 1; double size() const override { return r * 3.14; } };
int main(int argc, char** argv) {
    int reps = argc > 1 ? std::atoi(argv[1]) : 60;
    std::vector<std::unique_ptr<Shape>> v;
    for (int i = 0; i < 200000; ++i) {
        if (i % 3 == 0) v.emplace_back(new Tri); else if (i % 3 == 1) v.emplace_back(new Quad); else v.emplace_back(new Circ);
    }
    double t = 0; long quads = 0;
    for (int r = 0; r < reps; ++r)
        for (auto& p : v)
            if (auto* q = dynamic_cast<Quad*>(p.get())) { t += q->s; ++quads; }   // RTTI walk per element
    std::printf("quads=%ld t=%.1f\n", quads, t);
}
