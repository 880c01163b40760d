! gpfield: conditional-free simulation of a porosity log.  Builds the covariance of the
! field at n irregular depths, factorises it (C = L L^T), draws nreal realisations
! y = mean + L z and prints the log-likelihood ingredients and the realisations' statistics.
!
! usage: gpfield [n=1500] [nreal=20] [range_m=3.5] [seed=11]
program gpfield
  use kinds
  use covariance
  use factor
  implicit none
  integer :: n, nreal, r, i, nargs
  real(dp) :: range, sill, nugget, dz, mean, logdet, t0, t1
  real(dp) :: s1, s2, lag1, ymin, ymax
  real(dp), allocatable :: z(:), c(:, :), x(:), y(:)
  integer(i8) :: seed
  character(len=32) :: arg

  n = 1500; nreal = 20; range = 3.5_dp; seed = 11_i8
  nargs = command_argument_count()
  if (nargs >= 1) then; call get_command_argument(1, arg); read (arg, *) n; end if
  if (nargs >= 2) then; call get_command_argument(2, arg); read (arg, *) nreal; end if
  if (nargs >= 3) then; call get_command_argument(3, arg); read (arg, *) range; end if
  if (nargs >= 4) then; call get_command_argument(4, arg); read (arg, *) seed; end if

  dz = 0.15_dp; sill = 0.0025_dp; nugget = 0.0001_dp; mean = 0.21_dp
  allocate (z(n), c(n, n), x(n), y(n))
  call make_depths(n, dz, seed, z)
  call make_covariance(n, z, sill, range, nugget, c)
  print '(a, i0, a, f8.2, a, f6.2, a)', 'porosity log: ', n, ' depths over ', z(n), &
    ' m, exponential covariance, range ', range, ' m'

  call cpu_time(t0)
  call cholesky(n, c)
  call cpu_time(t1)

  logdet = 0.0_dp
  do i = 1, n
    logdet = logdet + 2.0_dp * log(c(i, i))
  end do
  print '(a, es22.14)', 'log det C      ', logdet
  print '(a, 3es22.14)', 'L(n,n) L(n,n-1) L(n,1)', c(n, n), c(n, n - 1), c(n, 1)
  print '(a, 2es22.14)', 'L(n/2,n/2) L(n/2+1,n/2)', c(n / 2, n / 2), c(n / 2 + 1, n / 2)

  print '(a)', ' real        mean         std        lag-1 corr       min         max'
  do r = 1, nreal
    do i = 1, n
      x(i) = gauss(seed)
    end do
    call lower_times(n, c, x, y)
    y = y + mean
    s1 = sum(y) / n
    s2 = sqrt(sum((y - s1)**2) / (n - 1))
    lag1 = sum((y(1:n-1) - s1) * (y(2:n) - s1)) / ((n - 1) * s2**2)
    ymin = minval(y); ymax = maxval(y)
    print '(i5, 5f12.7)', r, s1, s2, lag1, ymin, ymax
  end do
  print '(a, f9.4, a)', 'factorisation: ', t1 - t0, ' s cpu'
end program gpfield
