#include <cmath>
#include "qureg.hpp"

// a superposition of nstates distinct basis states of a width-bit register (as after the
// Hadamards of Shor's algorithm on the input half), with a spread of phases
QuantumReg quantum_new_superposition(int width, int nstates, std::uint32_t seed)
{
    QuantumReg reg;
    reg.width = width;
    reg.node.resize(nstates);
    const float norm = 1.0f / std::sqrt(static_cast<float>(nstates));
    std::uint32_t s = seed;
    const MaxUnsigned mask = (width >= 64) ? ~0ULL : ((1ULL << width) - 1);
    for (int i = 0; i < nstates; i++) {
        s = s * 1103515245u + 12345u;
        float phase = static_cast<float>((s >> 8) % 4096) * (6.2831853f / 4096.0f);
        reg.node[i].amplitude = ComplexFloat(norm * std::cos(phase), norm * std::sin(phase));
        // distinct states: an odd multiplier is a bijection modulo 2^width
        reg.node[i].state = (static_cast<MaxUnsigned>(i) * 0x9E3779B97F4A7C15ULL) & mask;
    }
    return reg;
}

Digest digest(const QuantumReg &reg)
{
    Digest d{0, 0, 0, 0.0, 0.0, 0.0, {0.0, 0.0, 0.0, 0.0}};
    for (std::size_t i = 0; i < reg.size(); i++) {
        const auto &n = reg.node[i];
        d.state_sum += n.state;
        d.state_xor ^= n.state;
        d.weighted += n.state * static_cast<MaxUnsigned>(i % 1009 + 1);
        double p = std::norm(n.amplitude);
        d.norm += p;
        d.re += n.amplitude.real();
        d.im += n.amplitude.imag();
        for (int b = 0; b < 4; b++)
            if (n.state & (1ULL << (b * (reg.width / 4))))
                d.bit_prob[b] += p;
    }
    return d;
}
