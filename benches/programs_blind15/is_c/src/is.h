/* keyrank: the NAS Parallel Benchmarks' IS (is.c of NPB 3.x, serial) in the group's tool */
#ifndef IS_H
#define IS_H

#ifndef TOTAL_KEYS_LOG_2
#define TOTAL_KEYS_LOG_2 23
#endif
#ifndef MAX_KEY_LOG_2
#define MAX_KEY_LOG_2 19
#endif
#ifndef NUM_BUCKETS_LOG_2
#define NUM_BUCKETS_LOG_2 10
#endif

#define TOTAL_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS (1 << NUM_BUCKETS_LOG_2)
#define NUM_KEYS TOTAL_KEYS
#define SIZE_OF_BUFFERS NUM_KEYS

#define MAX_ITERATIONS 10
#define TEST_ARRAY_SIZE 5

typedef int INT_TYPE;

/* the suite's arrays, global as in is.c */
extern INT_TYPE *key_array, *key_buff1, *key_buff2;
extern INT_TYPE partial_verify_vals[TEST_ARRAY_SIZE];
extern INT_TYPE test_index_array[TEST_ARRAY_SIZE];
extern INT_TYPE *key_buff_ptr_global;
extern long long rank_checksum;

double randlc(double *X, double *A);
int alloc_key_arrays(void);
void create_seq(double seed, double a);
void rank(int iteration);
int full_verify(void);

#endif
