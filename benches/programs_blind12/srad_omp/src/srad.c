/* Rodinia srad (openmp/srad_v2/srad.cpp), its loops as in the suite without the pragmas:
 * the ROI statistics, then the derivatives and the diffusion coefficient, then the update */
#include "srad.h"

void srad_iterate(Frame *f, int r1, int r2, int c1, int c2, float lambda, int niter)
{
    const int rows = f->rows, cols = f->cols;
    const int size_R = (r2 - r1 + 1) * (c2 - c1 + 1);
    float *J = f->J, *c = f->c;
    float *dN = f->dN, *dS = f->dS, *dW = f->dW, *dE = f->dE;
    const int *iN = f->iN, *iS = f->iS, *jW = f->jW, *jE = f->jE;

    for (int iter = 0; iter < niter; iter++) {
        float sum = 0, sum2 = 0;
        for (int i = r1; i <= r2; i++)
            for (int j = c1; j <= c2; j++) {
                float tmp = J[i * cols + j];
                sum += tmp;
                sum2 += tmp * tmp;
            }
        float meanROI = sum / size_R;
        float varROI = (sum2 / size_R) - meanROI * meanROI;
        float q0sqr = varROI / (meanROI * meanROI);

        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                float Jc = J[k];

                dN[k] = J[iN[i] * cols + j] - Jc;
                dS[k] = J[iS[i] * cols + j] - Jc;
                dW[k] = J[i * cols + jW[j]] - Jc;
                dE[k] = J[i * cols + jE[j]] - Jc;

                float G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k])
                           / (Jc * Jc);
                float L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
                float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
                float den = 1 + (.25f * L);
                float qsqr = num / (den * den);

                den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
                c[k] = 1.0f / (1.0f + den);
                if (c[k] < 0)
                    c[k] = 0;
                else if (c[k] > 1)
                    c[k] = 1;
            }

        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                float cN = c[k];
                float cS = c[iS[i] * cols + j];
                float cW = c[k];
                float cE = c[i * cols + jE[j]];
                float D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
                J[k] = J[k] + 0.25f * lambda * D;
            }
    }
}
