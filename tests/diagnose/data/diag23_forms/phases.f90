! a serial recurrence then an OpenMP loop; prints its phase times in two shapes
program phases
  use omp_lib
  implicit none
  integer, parameter :: n = 3000000
  real(8), allocatable :: a(:), b(:)
  real(8) :: t0, t1, t2
  integer :: i, r
  allocate(a(n), b(n))
  t0 = omp_get_wtime()
  a(1) = 0.5d0
  do r = 1, 8
    do i = 2, n
      a(i) = mod(a(i-1) * 3.7d0 + 0.1d0, 1.0d0)
    end do
  end do
  t1 = omp_get_wtime()
  !$omp parallel do
  do i = 1, n
    b(i) = sqrt(a(i)) + 1.0d0
  end do
  !$omp end parallel do
  t2 = omp_get_wtime()
  print *, 'Number of threads:', omp_get_max_threads()
  print *, 'serial part took', t1 - t0, 's'
  print *, 'parallel part took', t2 - t1, 's'
  write(0, '(A,F6.3,A)') 'init: ', t1 - t0, 's (serial)'
  write(0, '(A,F6.3,A,I0,A)') 'smooth: ', t2 - t1, 's (parallel, ', omp_get_max_threads(), ' threads)'
  print *, 'check', sum(b(1:10))
end program
