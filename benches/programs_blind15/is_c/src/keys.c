/* the key arrays and the key sequence (is.c's create_seq: the sum of four uniform numbers,
 * an approximately Gaussian distribution of keys over [0, MAX_KEY)) */
#include <stdlib.h>
#include "is.h"

INT_TYPE *key_array, *key_buff1, *key_buff2;
INT_TYPE partial_verify_vals[TEST_ARRAY_SIZE];
/* the group's probe positions (the suite's class B test_index_array) */
INT_TYPE test_index_array[TEST_ARRAY_SIZE] = {48427, 17148, 23627, 62548, 4431};
INT_TYPE *key_buff_ptr_global;

int alloc_key_arrays(void)
{
    key_array = malloc(SIZE_OF_BUFFERS * sizeof(INT_TYPE));
    key_buff1 = malloc(MAX_KEY * sizeof(INT_TYPE));
    key_buff2 = malloc(SIZE_OF_BUFFERS * sizeof(INT_TYPE));
    return (key_array && key_buff1 && key_buff2) ? 0 : -1;
}

void create_seq(double seed, double a)
{
    double x;
    INT_TYPE i, k;

    k = MAX_KEY / 4;

    for (i = 0; i < NUM_KEYS; i++) {
        x = randlc(&seed, &a);
        x += randlc(&seed, &a);
        x += randlc(&seed, &a);
        x += randlc(&seed, &a);

        key_array[i] = k * x;
    }
}
