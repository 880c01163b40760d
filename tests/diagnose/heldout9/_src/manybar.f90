! A time loop of short OpenMP loops (one barrier each) over a small grid; the job script asks for
! OMP_NUM_THREADS=6 with OMP_WAIT_POLICY=active on a 2-core machine.
program manybar
  use omp_lib
  implicit none
  integer :: n, steps, s, i
  real(8), allocatable :: u(:), v(:)
  real(8) :: w0, w1, c0, c1
  n = 20000
  steps = 3000
  allocate(u(n), v(n))
  u = 1d0; v = 0d0
  w0 = omp_get_wtime(); call cpu_time(c0)
  do s = 1, steps
    !$omp parallel do schedule(static)
    do i = 2, n - 1
      v(i) = 0.25d0 * (u(i-1) + 2d0 * u(i) + u(i+1))
    end do
    !$omp end parallel do
    !$omp parallel do schedule(static)
    do i = 2, n - 1
      u(i) = v(i)
    end do
    !$omp end parallel do
  end do
  w1 = omp_get_wtime(); call cpu_time(c1)
  write(*,'(a,i0,a,i0,a,f8.3,a,f8.3,a,es12.5)') 'threads=', omp_get_max_threads(), ' steps=', steps, &
       ' wall=', w1 - w0, ' s process_cpu=', c1 - c0, ' s check=', u(n/2)
end program manybar
