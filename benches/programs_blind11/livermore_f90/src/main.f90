! lfkrate: rates this machine on four Livermore loops (MFLOPS per kernel), with the
! checksums the group compares between machines.
! usage: lfkrate [passes=20000] [n=1001]
program lfkrate
  use lfk_data
  use lfk_kernels
  implicit none
  integer :: passes, n, ip, kern
  character(len=32) :: arg
  real(dp) :: t0, t1, total, secs(4), sums(4), rate
  real(dp), parameter :: flops(4) = [5.0_dp, 16.0_dp, 1.0_dp, 44.0_dp]
  integer, parameter :: ids(4) = [1, 7, 12, 18]

  passes = 20000
  n = nmax
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) passes
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) n
  end if
  if (n < 10 .or. n > nmax .or. passes < 1) then
    print '(a)', 'lfkrate: need 1 <= passes and 10 <= n <= 1001'
    stop 1
  end if

  call init_all()
  total = 0.0_dp
  do kern = 1, 4
    call cpu_time(t0)
    do ip = 1, passes
      select case (kern)
      case (1)
        call kernel1(n)
      case (2)
        call kernel7(n)
      case (3)
        call kernel12(n)
      case (4)
        call kernel18(n, 1.0e-7_dp)
      end select
    end do
    call cpu_time(t1)
    secs(kern) = t1 - t0
    total = total + secs(kern)
    select case (kern)
    case (1, 2, 3)
      sums(kern) = sumof(x(1:n))
    case (4)
      sums(kern) = sumof(reshape(zr(1:n, 2:kz - 1), [n * (kz - 2)])) + &
                   sumof(reshape(zz(1:n, 2:kz - 1), [n * (kz - 2)]))
    end select
  end do

  do kern = 1, 4
    print '(a, i3, 2x, es25.16)', 'checksum kernel', ids(kern), sums(kern)
  end do
  do kern = 1, 4
    if (kern < 4) then
      rate = flops(kern) * n * passes / max(secs(kern), 1.0e-9_dp) / 1.0e6_dp
    else
      rate = flops(kern) * (n - 1) * (kz - 2) * passes / max(secs(kern), 1.0e-9_dp) / 1.0e6_dp
    end if
    print '(a, i3, f10.1, a)', 'rate kernel', ids(kern), rate, ' MFLOPS'
  end do
  print '(a, f8.4, a)', 'kernels: ', total, ' s cpu'
end program lfkrate
