// the modular-arithmetic part of the study's circuit: rounds of the adder-like gate pattern
// libquantum's quantum_exp_mod_n expands into (Toffolis and CNOTs over neighbouring qubits,
// NOTs), with the Fourier transform's controlled phases between the rounds
#include "qureg.hpp"

long run_circuit(QuantumReg &reg, int rounds)
{
    const int w = reg.width;
    long gates = 0;
    for (int r = 0; r < rounds; r++) {
        for (int q = 0; q < w; q++) {
            quantum_toffoli(q, (q + 1) % w, (q + 2 + r) % w == q ? (q + 3) % w : (q + 2 + r) % w,
                            reg);
            quantum_cnot((q + 5) % w, q, reg);
            if ((q + r) % 3 == 0) {
                quantum_sigma_x((q * 7 + r) % w, reg);
                gates++;
            }
            gates += 2;
        }
        for (int c = 1; c < 6; c++) {
            quantum_cond_phase((r + c) % (w - 6) + 6, (r + c) % (w - 6) + 6 - c, reg);
            gates++;
        }
        quantum_phase_kick(r % w, 0.001f * (r + 1), reg);
        gates++;
    }
    return gates;
}
