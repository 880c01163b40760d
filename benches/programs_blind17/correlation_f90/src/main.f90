program stationcorr
  use params
  use dataset
  use correlation
  implicit none
  integer :: m, n, i, j, nargs
  character(len=32) :: arg
  real(dp) :: float_n, s, sa, w
  real(dp), allocatable :: data(:,:), corr(:,:), mean(:), stddev(:)
  integer(8) :: c0, c1, rate

  m = 1000; n = 1200
  nargs = command_argument_count()
  if (nargs >= 1) then
    call get_command_argument(1, arg); read(arg, *) m
  end if
  if (nargs >= 2) then
    call get_command_argument(2, arg); read(arg, *) n
  end if
  allocate(data(n, m), corr(m, m), mean(m), stddev(m))
  call init_array(m, n, float_n, data)
  call system_clock(c0, rate)
  call kernel_correlation(m, n, float_n, data, corr, mean, stddev)
  call system_clock(c1)

  s = 0.0_dp; sa = 0.0_dp; w = 0.0_dp
  do j = 1, m
    do i = 1, m
      s = s + corr(i, j)
      sa = sa + abs(corr(i, j))
      w = w + corr(i, j) * real(mod(i + 2 * j, 11) + 1, dp)
    end do
  end do
  write(*, '(a,i6,a,i6,a)') ' CORRELATION ', m, ' stations x ', n, ' records'
  write(*, '(a,es22.14)') ' sum      = ', s
  write(*, '(a,es22.14)') ' abs sum  = ', sa
  write(*, '(a,es22.14)') ' weighted = ', w
  write(*, '(a,3es22.14)') ' entries  = ', corr(1, 2), corr(m / 3, m / 2), corr(m - 1, m)
  write(*, '(a,f10.3,a)') ' kernel took ', real(c1 - c0, dp) / real(rate, dp), ' s'
end program stationcorr
