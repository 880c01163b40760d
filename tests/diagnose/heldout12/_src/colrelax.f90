! Column relaxation: for each of ncol columns, a short 64-row update parallelised with its own
! OpenMP parallel region (the region is inside the column loop).
program colrelax
  use omp_lib
  implicit none
  integer, parameter :: nr = 64
  integer :: ncol, nsweep, i, j, s
  real(8), allocatable :: a(:,:)
  real(8) :: t0, t1, c0, c1
  character(len=32) :: arg
  call get_command_argument(1, arg); read (arg, *) ncol
  call get_command_argument(2, arg); read (arg, *) nsweep
  allocate (a(nr, ncol))
  do j = 1, ncol
    do i = 1, nr
      a(i, j) = sin(0.01d0*i*j)
    end do
  end do
  t0 = omp_get_wtime()
  call cpu_time(c0)
  do s = 1, nsweep
    do j = 2, ncol
      !$omp parallel do
      do i = 1, nr
        a(i, j) = 0.5d0*a(i, j) + 0.5d0*a(i, j - 1)
      end do
      !$omp end parallel do
    end do
  end do
  t1 = omp_get_wtime()
  call cpu_time(c1)
  write (*, '(a,i2,a,i7,a,i4,a,f8.3,a,f8.3,a,f9.3,a,f12.6)') 'threads=', omp_get_max_threads(), ' ncol=', ncol, &
    ' sweeps=', nsweep, ' wall_s=', t1 - t0, ' cpu_s=', c1 - c0, ' us_per_column=', 1d6*(t1 - t0)/(nsweep*(ncol - 1)), &
    ' a=', a(nr/2, ncol)
end program colrelax
