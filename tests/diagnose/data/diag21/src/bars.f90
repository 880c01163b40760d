! many short parallel loops: each step ends at a barrier
program bars
  use omp_lib
  implicit none
  integer, parameter :: n = 20000, steps = 3000
  real(8) :: a(n), b(n)
  integer :: i, s
  real(8) :: t0, t1
  a = 1d0; b = 0d0
  call cpu_time(t0)
  do s = 1, steps
!$omp parallel do
    do i = 2, n - 1
      b(i) = 0.5d0 * (a(i - 1) + a(i + 1))
    end do
!$omp end parallel do
    a = b
  end do
  call cpu_time(t1)
  write(*,'(a,i0)') 'threads: ', omp_get_max_threads()
  write(*,'(a,f8.3,a)') 'cpu time: ', t1 - t0, ' s'
  write(*,'(a,f12.6)') 'checksum: ', sum(a)
end program bars
