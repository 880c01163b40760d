#!/bin/bash
#SBATCH -o /tmp/stranger/j3_double_free.out
/tmp/stranger/df
