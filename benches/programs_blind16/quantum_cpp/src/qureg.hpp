// qsim: the register and gates of SPEC CPU2006's 462.libquantum (libquantum 0.2.4's
// quantum_reg_node_struct / quantum_reg_struct, qureg.c, gates.c), ported to C++
#pragma once
#include <complex>
#include <cstdint>
#include <vector>

using MaxUnsigned = std::uint64_t;            // libquantum's MAX_UNSIGNED
using ComplexFloat = std::complex<float>;     // libquantum's COMPLEX_FLOAT

struct QuantumRegNode {                       // quantum_reg_node_struct
    ComplexFloat amplitude;
    MaxUnsigned state;
};

struct QuantumReg {                           // quantum_reg_struct (no hash table: the
    int width = 0;                            // gates used here never add basis states)
    std::vector<QuantumRegNode> node;
    std::size_t size() const { return node.size(); }
};

QuantumReg quantum_new_superposition(int width, int nstates, std::uint32_t seed);

void quantum_cnot(int control, int target, QuantumReg &reg);
void quantum_toffoli(int control1, int control2, int target, QuantumReg &reg);
void quantum_sigma_x(int target, QuantumReg &reg);
void quantum_cond_phase(int control, int target, QuantumReg &reg);
void quantum_phase_kick(int target, float gamma, QuantumReg &reg);

struct Digest {
    MaxUnsigned state_sum, state_xor, weighted;
    double norm, re, im, bit_prob[4];
};
Digest digest(const QuantumReg &reg);

long run_circuit(QuantumReg &reg, int rounds);   // returns the number of gates applied
