#!/bin/bash
#SBATCH -o /tmp/stranger/j4_ok_warn.out
echo "WARNING: deprecated option --old"; echo "error bars computed"; echo "done"
