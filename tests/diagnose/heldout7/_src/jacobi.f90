! Poisson problem -u'' = f on (0,1), u(0)=u(1)=0, solved by Jacobi iteration to a fixed residual.
program jacobi1d
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: n, i, it
  real(dp), allocatable :: u(:), v(:), f(:)
  real(dp) :: h, res, t0, t1
  character(len=32) :: arg
  n = 200
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg); read(arg, *) n
  end if
  allocate(u(0:n+1), v(0:n+1), f(n))
  h = 1.0_dp / (n + 1)
  u = 0; v = 0; f = 1
  call cpu_time(t0)
  it = 0
  do
    it = it + 1
    do i = 1, n
      v(i) = 0.5_dp * (u(i-1) + u(i+1) + h * h * f(i))
    end do
    res = 0
    do i = 1, n
      res = max(res, abs(v(i) - u(i)))
    end do
    u(1:n) = v(1:n)
    if (res < 1.0e-9_dp * h * h .or. it >= 50000000) exit
  end do
  call cpu_time(t1)
  write(*, '(a,i6,a,i10,a,f9.3,a,f12.8)') 'n=', n, '  iterations=', it, '  time=', t1 - t0, ' s  u(mid)=', u((n+1)/2)
end program jacobi1d
