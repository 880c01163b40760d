// libquantum's elementary gates (gates.c): each walks the whole register
#include <cmath>
#include "qureg.hpp"

void quantum_cnot(int control, int target, QuantumReg &reg)
{
    for (std::size_t i = 0; i < reg.size(); i++) {
        if (reg.node[i].state & (static_cast<MaxUnsigned>(1) << control))
            reg.node[i].state ^= (static_cast<MaxUnsigned>(1) << target);
    }
}

void quantum_toffoli(int control1, int control2, int target, QuantumReg &reg)
{
    for (std::size_t i = 0; i < reg.size(); i++) {
        if (reg.node[i].state & (static_cast<MaxUnsigned>(1) << control1)) {
            if (reg.node[i].state & (static_cast<MaxUnsigned>(1) << control2))
                reg.node[i].state ^= (static_cast<MaxUnsigned>(1) << target);
        }
    }
}

void quantum_sigma_x(int target, QuantumReg &reg)
{
    for (std::size_t i = 0; i < reg.size(); i++)
        reg.node[i].state ^= (static_cast<MaxUnsigned>(1) << target);
}

// the controlled phase shift of the quantum Fourier transform
void quantum_cond_phase(int control, int target, QuantumReg &reg)
{
    const float angle = static_cast<float>(M_PI) / static_cast<float>(1 << (control - target));
    const ComplexFloat z(std::cos(angle), std::sin(angle));
    for (std::size_t i = 0; i < reg.size(); i++) {
        if (reg.node[i].state & (static_cast<MaxUnsigned>(1) << control)) {
            if (reg.node[i].state & (static_cast<MaxUnsigned>(1) << target))
                reg.node[i].amplitude *= z;
        }
    }
}

// libquantum's quantum_phase_kick: exp(i gamma) on the states with the target bit set
void quantum_phase_kick(int target, float gamma, QuantumReg &reg)
{
    const ComplexFloat z(std::cos(gamma), std::sin(gamma));
    for (std::size_t i = 0; i < reg.size(); i++) {
        if (reg.node[i].state & (static_cast<MaxUnsigned>(1) << target))
            reg.node[i].amplitude *= z;
    }
}
