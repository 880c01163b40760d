#%Module1.0
## stars-env/1.0 (Tcl modulefile)
module-whatis "stars-env: run defaults"
prereq gcc
setenv OMP_NUM_THREADS 1
setenv OMP_DYNAMIC true
prepend-path PATH /opt/stars/bin
