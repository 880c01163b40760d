/* facenet: Rodinia backprop's network (BPNN) and its training step */
#ifndef BACKPROP_H
#define BACKPROP_H

#define ETA 0.3f
#define MOMENTUM 0.3f

typedef struct {
    int input_n, hidden_n, output_n;
    float *input_units, *hidden_units, *output_units;   /* index 0 is the bias unit */
    float *hidden_delta, *output_delta, *target;
    float **input_weights, **hidden_weights;            /* [from 0..n][to 0..m], row per unit */
    float **input_prev_weights, **hidden_prev_weights;
} BPNN;

BPNN *bpnn_create(int n_in, int n_hidden, int n_out, unsigned seed);
void bpnn_free(BPNN *net);
void bpnn_train_step(BPNN *net, float *eo, float *eh);
void load_patch(BPNN *net, int which, unsigned seed);
void report(const BPNN *net, int epochs, double err_out, double err_hid);

#endif
