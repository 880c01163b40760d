/* facenet: train the perceptron on alternating patches; usage: facenet INPUTS EPOCHS SEED
 * (prints the trained network's summary only) */
#include <stdio.h>
#include <stdlib.h>
#include "backprop.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s INPUTS EPOCHS SEED\n", argv[0]);
        return 2;
    }
    int n_in = atoi(argv[1]), epochs = atoi(argv[2]);
    unsigned seed = (unsigned)strtoul(argv[3], NULL, 10);
    if (n_in < 16 || epochs < 1) {
        fprintf(stderr, "bad sizes\n");
        return 2;
    }
    BPNN *net = bpnn_create(n_in, 16, 1, seed);
    float eo = 0.0f, eh = 0.0f;
    for (int e = 0; e < epochs; e++) {
        load_patch(net, e % 8, seed);
        bpnn_train_step(net, &eo, &eh);
    }
    report(net, epochs, eo, eh);
    bpnn_free(net);
    return 0;
}
