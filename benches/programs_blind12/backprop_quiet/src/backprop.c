/* Rodinia backprop (backprop.c, backprop_kernel.c): its layer forward, error and weight
 * adjustment loops as in the suite, the weights as separately allocated rows */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include "backprop.h"

static float *alloc_1d(int n)
{
    float *p = malloc((size_t)n * sizeof(float));
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

static float **alloc_2d(int m, int n)
{
    float **p = malloc((size_t)m * sizeof(float *));
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (int i = 0; i < m; i++)
        p[i] = alloc_1d(n);
    return p;
}

static void free_2d(float **p, int m)
{
    for (int i = 0; i < m; i++)
        free(p[i]);
    free(p);
}

/* the suite's drnd(): rand()-like values in [0, 1), here from a private LCG */
static unsigned lcg;
static float drnd(void)
{
    lcg = lcg * 1664525u + 1013904223u;
    return (float)((lcg >> 9) & 0x7fff) / 32768.0f;
}

static void randomize_weights(float **w, int m, int n)
{
    for (int i = 0; i <= m; i++)
        for (int j = 0; j <= n; j++)
            w[i][j] = 0.00001f * drnd();
}

static void zero_weights(float **w, int m, int n)
{
    for (int i = 0; i <= m; i++)
        for (int j = 0; j <= n; j++)
            w[i][j] = 0.0f;
}

BPNN *bpnn_create(int n_in, int n_hidden, int n_out, unsigned seed)
{
    BPNN *net = malloc(sizeof(BPNN));
    if (!net)
        exit(1);
    lcg = seed;
    net->input_n = n_in;
    net->hidden_n = n_hidden;
    net->output_n = n_out;
    net->input_units = alloc_1d(n_in + 1);
    net->hidden_units = alloc_1d(n_hidden + 1);
    net->output_units = alloc_1d(n_out + 1);
    net->hidden_delta = alloc_1d(n_hidden + 1);
    net->output_delta = alloc_1d(n_out + 1);
    net->target = alloc_1d(n_out + 1);
    net->input_weights = alloc_2d(n_in + 1, n_hidden + 1);
    net->hidden_weights = alloc_2d(n_hidden + 1, n_out + 1);
    net->input_prev_weights = alloc_2d(n_in + 1, n_hidden + 1);
    net->hidden_prev_weights = alloc_2d(n_hidden + 1, n_out + 1);
    randomize_weights(net->input_weights, n_in, n_hidden);
    randomize_weights(net->hidden_weights, n_hidden, n_out);
    zero_weights(net->input_prev_weights, n_in, n_hidden);
    zero_weights(net->hidden_prev_weights, n_hidden, n_out);
    return net;
}

void bpnn_free(BPNN *net)
{
    free(net->input_units); free(net->hidden_units); free(net->output_units);
    free(net->hidden_delta); free(net->output_delta); free(net->target);
    free_2d(net->input_weights, net->input_n + 1);
    free_2d(net->hidden_weights, net->hidden_n + 1);
    free_2d(net->input_prev_weights, net->input_n + 1);
    free_2d(net->hidden_prev_weights, net->hidden_n + 1);
    free(net);
}

static float squash(float x)
{
    return 1.0f / (1.0f + expf(-x));
}

static void bpnn_layerforward(float *l1, float *l2, float **conn, int n1, int n2)
{
    l1[0] = 1.0f;
    for (int j = 1; j <= n2; j++) {
        float sum = 0.0f;
        for (int k = 0; k <= n1; k++)
            sum += conn[k][j] * l1[k];
        l2[j] = squash(sum);
    }
}

static void bpnn_output_error(float *delta, float *target, float *output, int nj, float *err)
{
    float errsum = 0.0f;
    for (int j = 1; j <= nj; j++) {
        float o = output[j], t = target[j];
        delta[j] = o * (1.0f - o) * (t - o);
        errsum += fabsf(delta[j]);
    }
    *err = errsum;
}

static void bpnn_hidden_error(float *delta_h, int nh, float *delta_o, int no, float **who,
                              float *hidden, float *err)
{
    float errsum = 0.0f;
    for (int j = 1; j <= nh; j++) {
        float h = hidden[j], sum = 0.0f;
        for (int k = 1; k <= no; k++)
            sum += delta_o[k] * who[j][k];
        delta_h[j] = h * (1.0f - h) * sum;
        errsum += fabsf(delta_h[j]);
    }
    *err = errsum;
}

static void bpnn_adjust_weights(float *delta, int ndelta, float *ly, int nly, float **w,
                                float **oldw)
{
    ly[0] = 1.0f;
    for (int j = 1; j <= ndelta; j++)
        for (int k = 0; k <= nly; k++) {
            float new_dw = ETA * delta[j] * ly[k] + MOMENTUM * oldw[k][j];
            w[k][j] += new_dw;
            oldw[k][j] = new_dw;
        }
}

/* one training step on the loaded patch, as the suite's bpnn_train_kernel */
void bpnn_train_step(BPNN *net, float *eo, float *eh)
{
    int in = net->input_n, hid = net->hidden_n, out = net->output_n;
    bpnn_layerforward(net->input_units, net->hidden_units, net->input_weights, in, hid);
    bpnn_layerforward(net->hidden_units, net->output_units, net->hidden_weights, hid, out);
    bpnn_output_error(net->output_delta, net->target, net->output_units, out, eo);
    bpnn_hidden_error(net->hidden_delta, hid, net->output_delta, out, net->hidden_weights,
                      net->hidden_units, eh);
    bpnn_adjust_weights(net->output_delta, out, net->hidden_units, hid, net->hidden_weights,
                        net->hidden_prev_weights);
    bpnn_adjust_weights(net->hidden_delta, hid, net->input_units, in, net->input_weights,
                        net->input_prev_weights);
}
