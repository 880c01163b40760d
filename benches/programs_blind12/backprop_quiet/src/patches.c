/* facenet: the training patches (synthetic: a bright blob or a dark one) and the summary */
#include <math.h>
#include <stdio.h>
#include "backprop.h"

void load_patch(BPNN *net, int which, unsigned seed)
{
    int n = net->input_n, side = (int)sqrt((double)n);
    unsigned s = seed * 2654435761u + (unsigned)which * 40503u;
    float cx = 0.3f + 0.4f * (float)((which * 37) % 11) / 10.0f;
    float sign = (which % 2) ? 1.0f : -1.0f;
    for (int k = 1; k <= n; k++) {
        int r = (k - 1) / side, c = (k - 1) % side;
        float x = (float)c / side - cx, y = (float)r / side - 0.5f;
        s = s * 1103515245u + 12345u;
        float noise = (float)((s >> 16) & 0xff) / 2550.0f;
        net->input_units[k] = 0.5f + 0.4f * sign * expf(-20.0f * (x * x + y * y)) + noise;
    }
    net->target[1] = (which % 2) ? 0.9f : 0.1f;
}

void report(const BPNN *net, int epochs, double err_out, double err_hid)
{
    double wsum = 0.0, wabs = 0.0;
    for (int k = 0; k <= net->input_n; k++)
        for (int j = 0; j <= net->hidden_n; j++) {
            wsum += net->input_weights[k][j];
            wabs += fabs(net->input_weights[k][j]);
        }
    printf("epochs %d inputs %d hidden %d\n", epochs, net->input_n, net->hidden_n);
    printf("output unit %.7f\n", net->output_units[1]);
    printf("error output %.7e hidden %.7e\n", err_out, err_hid);
    printf("weights sum %.9e abs %.9e\n", wsum, wabs);
    for (int j = 1; j <= net->hidden_n; j += 3)
        printf("hidden %2d = %.7f delta %.7e\n", j, net->hidden_units[j], net->hidden_delta[j]);
}
