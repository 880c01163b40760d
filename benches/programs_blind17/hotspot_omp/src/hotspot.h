#ifndef HOTSPOT_H
#define HOTSPOT_H
/* Rodinia hotspot's chip constants */
#define MAX_PD        (3.0e6)
#define PRECISION     0.001
#define SPEC_HEAT_SI  1.75e6
#define K_SI          100
#define FACTOR_CHIP   0.5
#define T_CHIP        0.0005
#define CHIP_HEIGHT   0.016
#define CHIP_WIDTH    0.016
#define AMB_TEMP      80.0

void make_power(double *power, int rows, int cols);
void make_temp(double *temp, int rows, int cols);
void compute_tran_temp(double *result, int num_iterations, double *temp, double *power,
                       int row, int col);
#endif
