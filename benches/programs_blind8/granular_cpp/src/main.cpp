// granular: a freely cooling 2-D granular gas (inelastic soft discs in a closed box):
// Haff's law check for the lab's course on kinetic theory of granular media.
//
//   ./granular [discs=1000] [steps=300] [area fraction=0.3] [seed=11]
//
// Prints the granular temperature every steps/10 steps, the fitted Haff time, and the
// wall and cpu time of the time stepping.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>

#include "cellhash.hpp"
#include "contacts.hpp"
#include "particle.hpp"

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 300;
    const double phi = argc > 3 ? std::atof(argv[3]) : 0.3;
    const unsigned seed = argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 11u;

    const double rmin = 0.9e-3, rmax = 1.1e-3, rho = 2500.0;
    const ContactModel cm{2.0e3, 0.02};
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> uni(0.0, 1.0);

    // box side from the area fraction (mean radius), discs on a jittered lattice
    const double rmean = 0.5 * (rmin + rmax);
    const double box = std::sqrt(n * M_PI * rmean * rmean / phi);
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    const double pitch = box / side;
    Particles p(n);
    for (int i = 0; i < n; ++i) {
        Particle &a = p[i];
        a.r = rmin + (rmax - rmin) * uni(gen);
        a.m = rho * M_PI * a.r * a.r * 1.0e-3;  // 1 mm thick discs
        a.x = (i % side + 0.5) * pitch + 0.2 * (pitch - 2 * rmax) * (uni(gen) - 0.5);
        a.y = (i / side + 0.5) * pitch + 0.2 * (pitch - 2 * rmax) * (uni(gen) - 0.5);
        a.vx = 4.0 * (uni(gen) - 0.5);
        a.vy = 4.0 * (uni(gen) - 0.5);
        a.fx = a.fy = 0.0;
    }
    const double mmin = rho * M_PI * rmin * rmin * 1.0e-3;
    const double dt = 0.1 * M_PI * std::sqrt(mmin / cm.kn);  // 1/10 of a contact

    CellHash grid(2.0 * rmax);
    auto temperature = [&p]() {
        double e = 0.0;
        for (const auto &a : p)
            e += 0.5 * a.m * (a.vx * a.vx + a.vy * a.vy);
        return e / p.size();
    };
    const double t0 = temperature();
    std::printf("granular: %d discs, box %.4f m, area fraction %.3f, dt %.3e s, %d steps\n", n,
                box, phi, dt, steps);
    std::printf("%8s %12s %14s %10s %10s %12s\n", "step", "time (s)", "T / T0", "contacts",
                "wall", "max overlap");

    const auto w0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    long total_contacts = 0;
    double sum_x = 0.0, sum_y = 0.0, sum_xx = 0.0, sum_xy = 0.0;
    int nfit = 0;
    const int every = steps >= 10 ? steps / 10 : 1;
    grid.rebuild(p);
    ContactStats st = compute_forces(p, grid, cm, box);
    for (int s = 1; s <= steps; ++s) {
        for (auto &a : p) {  // semi-implicit Euler
            a.vx += dt * a.fx / a.m;
            a.vy += dt * a.fy / a.m;
            a.x += dt * a.vx;
            a.y += dt * a.vy;
        }
        grid.rebuild(p);
        st = compute_forces(p, grid, cm, box);
        total_contacts += st.contacts;
        if (s % every == 0) {
            const double tr = temperature() / t0;
            std::printf("%8d %12.6f %14.8e %10ld %10ld %12.4e\n", s, s * dt, tr, st.contacts,
                        st.wall_contacts, st.max_overlap);
            // Haff's law T(t) = T0 / (1 + t / tau)^2: 1/sqrt(T/T0) is linear in t
            const double x = s * dt, y = 1.0 / std::sqrt(tr);
            sum_x += x;
            sum_y += y;
            sum_xx += x * x;
            sum_xy += x * y;
            ++nfit;
        }
    }
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    const double slope = (nfit * sum_xy - sum_x * sum_y) / (nfit * sum_xx - sum_x * sum_x);
    std::printf("contacts per step: %.3f\n", static_cast<double>(total_contacts) / steps);
    std::printf("Haff time tau: %.6e s (fit over %d points)\n", 1.0 / slope, nfit);
    std::printf("stepping: %.1f ms wall, %.1f ms cpu (%.2f us per disc step)\n", wall * 1e3,
                cpu * 1e3, cpu * 1e6 / (static_cast<double>(n) * steps));
    return 0;
}
