/* is.c's rank() (NPB 3.x serial, without USE_BUCKETS) and full_verify() */
#include "is.h"

long long rank_checksum = 0;

void rank(int iteration)
{
    INT_TYPE i, k;
    INT_TYPE *key_buff_ptr, *key_buff_ptr2;

    key_array[iteration] = iteration;
    key_array[iteration + MAX_ITERATIONS] = MAX_KEY - iteration;

    /* Determine where the partial verify test keys are, load into top of array
       bucket_size */
    for (i = 0; i < TEST_ARRAY_SIZE; i++)
        partial_verify_vals[i] = key_array[test_index_array[i]];

    /* Copy keys into work array; keys in key_array will be reassigned. */
    for (i = 0; i < NUM_KEYS; i++)
        key_buff2[i] = key_array[i];
    key_buff_ptr2 = key_buff2;

    /* Clear the work array */
    for (i = 0; i < MAX_KEY; i++)
        key_buff1[i] = 0;

    /* Ranking of all keys occurs in this section: */
    key_buff_ptr = key_buff1;

    /* In this section, the keys themselves are used as their own indexes to determine
       how many of each there are: their individual population */
    for (i = 0; i < NUM_KEYS; i++)
        key_buff_ptr[key_buff_ptr2[i]]++; /* Now they have individual key population */

    /* To obtain ranks of each key, successively add the individual key population */
    for (i = 0; i < MAX_KEY - 1; i++)
        key_buff_ptr[i + 1] += key_buff_ptr[i];

    /* This is the partial verify test section: the rank of each test key, which the group
       adds into a checksum (the suite compares it with its class's table) */
    for (i = 0; i < TEST_ARRAY_SIZE; i++) {
        k = partial_verify_vals[i]; /* test num */
        if (0 < k && k <= NUM_KEYS - 1) {
            INT_TYPE key_rank = key_buff_ptr[k - 1];
            rank_checksum += (long long)key_rank * (i + 1) + iteration;
        }
    }

    /* Make copies of rank info for use by full_verify: these variables in rank are local;
       making them global slows down the code, probably since they cannot be made register
       by compiler */
    if (iteration == MAX_ITERATIONS)
        key_buff_ptr_global = key_buff_ptr;
}

/* the suite's full verification: the keys put in sorted order by their ranks; returns the
   number of keys out of order */
int full_verify(void)
{
    INT_TYPE i, j;

    for (i = 0; i < NUM_KEYS; i++)
        key_array[--key_buff_ptr_global[key_buff2[i]]] = key_buff2[i];

    j = 0;
    for (i = 1; i < NUM_KEYS; i++)
        if (key_array[i - 1] > key_array[i])
            j++;
    return j;
}
