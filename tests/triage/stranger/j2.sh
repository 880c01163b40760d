#!/bin/bash
#SBATCH -o /tmp/stranger/j2_cmd_missing.out
echo "setting up"
frobnicate --input data.bin
