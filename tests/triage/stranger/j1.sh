#!/bin/bash
#SBATCH -o /tmp/stranger/j1_py_zero.out
python3 /tmp/stranger/calc.py
