! Heat-source accumulation over a grid with OpenMP; the solver library's setup routine fixes its thread count.
module solverlib
  use omp_lib
  implicit none
contains
  subroutine solver_setup(deterministic)
    logical, intent(in) :: deterministic
    ! reproducible sums: the library author forces a single thread
    if (deterministic) call omp_set_num_threads(1)
  end subroutine solver_setup
end module solverlib

program heat
  use omp_lib
  use solverlib
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: n, steps, i, j, s, nreq, nused
  real(dp), allocatable :: q(:, :)
  real(dp) :: t0, t1, acc
  character(len=32) :: arg
  n = 1500; steps = 40
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg); read(arg, *) steps
  end if
  nreq = omp_get_max_threads()
  call solver_setup(.true.)
  allocate(q(n, n))
  q = 0
  t0 = omp_get_wtime()
  nused = 0
  do s = 1, steps
    !$omp parallel do private(i) reduction(max:nused)
    do j = 1, n
      do i = 1, n
        q(i, j) = q(i, j) + exp(-1.0e-6_dp * real((i - n/2)**2 + (j - n/2)**2, dp)) * sin(0.01_dp * s)
      end do
      nused = max(nused, omp_get_num_threads())
    end do
    !$omp end parallel do
  end do
  t1 = omp_get_wtime()
  acc = sum(q)
  write(*, '(a,i0)') 'threads requested (OMP_NUM_THREADS): ', nreq
  write(*, '(a,i0)') 'threads in the grid loop:            ', nused
  write(*, '(a,f8.3,a)') 'accumulation time: ', t1 - t0, ' s'
  write(*, '(a,es14.6)') 'total heat: ', acc
end program heat
