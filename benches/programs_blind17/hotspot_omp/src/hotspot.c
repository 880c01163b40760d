#include <stdlib.h>
#include <string.h>
#include "hotspot.h"

/* Rodinia hotspot (openmp/hotspot.c): one explicit step of the RC thermal model */
static void single_iteration(double *result, const double *temp, const double *power,
                             int row, int col, double Cap, double Rx, double Ry, double Rz,
                             double step)
{
    for (int r = 0; r < row; r++) {
#pragma omp parallel for
        for (int c = 0; c < col; c++) {
            double delta;
            const long i = (long)r * col + c;
            if (r == 0 && c == 0) {
                delta = (step / Cap) * (power[0] + (temp[1] - temp[0]) / Rx +
                        (temp[col] - temp[0]) / Ry + (AMB_TEMP - temp[0]) / Rz);
            } else if (r == 0 && c == col - 1) {
                delta = (step / Cap) * (power[c] + (temp[c - 1] - temp[c]) / Rx +
                        (temp[c + col] - temp[c]) / Ry + (AMB_TEMP - temp[c]) / Rz);
            } else if (r == row - 1 && c == col - 1) {
                delta = (step / Cap) * (power[i] + (temp[i - 1] - temp[i]) / Rx +
                        (temp[i - col] - temp[i]) / Ry + (AMB_TEMP - temp[i]) / Rz);
            } else if (r == row - 1 && c == 0) {
                delta = (step / Cap) * (power[i] + (temp[i + 1] - temp[i]) / Rx +
                        (temp[i - col] - temp[i]) / Ry + (AMB_TEMP - temp[i]) / Rz);
            } else if (r == 0) {
                delta = (step / Cap) * (power[c] + (temp[c + 1] + temp[c - 1] - 2.0 * temp[c]) / Rx +
                        (temp[col + c] - temp[c]) / Ry + (AMB_TEMP - temp[c]) / Rz);
            } else if (c == col - 1) {
                delta = (step / Cap) * (power[i] + (temp[i + col] + temp[i - col] - 2.0 * temp[i]) / Ry +
                        (temp[i - 1] - temp[i]) / Rx + (AMB_TEMP - temp[i]) / Rz);
            } else if (r == row - 1) {
                delta = (step / Cap) * (power[i] + (temp[i + 1] + temp[i - 1] - 2.0 * temp[i]) / Rx +
                        (temp[i - col] - temp[i]) / Ry + (AMB_TEMP - temp[i]) / Rz);
            } else if (c == 0) {
                delta = (step / Cap) * (power[i] + (temp[i + col] + temp[i - col] - 2.0 * temp[i]) / Ry +
                        (temp[i + 1] - temp[i]) / Rx + (AMB_TEMP - temp[i]) / Rz);
            } else {
                delta = (step / Cap) * (power[i] +
                        (temp[i + col] + temp[i - col] - 2.0 * temp[i]) / Ry +
                        (temp[i + 1] + temp[i - 1] - 2.0 * temp[i]) / Rx +
                        (AMB_TEMP - temp[i]) / Rz);
            }
            result[i] = temp[i] + delta;
        }
    }
}

void compute_tran_temp(double *result, int num_iterations, double *temp, double *power,
                       int row, int col)
{
    double grid_height = CHIP_HEIGHT / row;
    double grid_width = CHIP_WIDTH / col;
    double Cap = FACTOR_CHIP * SPEC_HEAT_SI * T_CHIP * grid_width * grid_height;
    double Rx = grid_width / (2.0 * K_SI * T_CHIP * grid_height);
    double Ry = grid_height / (2.0 * K_SI * T_CHIP * grid_width);
    double Rz = T_CHIP / (K_SI * grid_height * grid_width);
    double max_slope = MAX_PD / (FACTOR_CHIP * T_CHIP * SPEC_HEAT_SI);
    double step = PRECISION / max_slope;
    double *src = temp, *dst = result;
    for (int i = 0; i < num_iterations; i++) {
        single_iteration(dst, src, power, row, col, Cap, Rx, Ry, Rz, step);
        double *t = src; src = dst; dst = t;
    }
    if (src != result)
        memcpy(result, src, sizeof(double) * (size_t)row * col);
}
