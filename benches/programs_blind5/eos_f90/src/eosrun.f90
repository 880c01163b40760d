! eosrun: temperature and pressure of every cell of a (synthetic) hydro snapshot from the
! tabulated EOS, repeated for a number of snapshots of a blast wave.
! usage: eosrun [ncells=200000] [nsnap=5] [ntemp=1200]
program eosrun
  use eostab
  use lookup
  implicit none
  integer :: ncells, nsnap, nt, k, c
  character(len=32) :: arg
  real(dp), allocatable :: rho(:), e(:), t(:), p(:)
  real(dp) :: r, shock, tmean, pmax, pmean, tmax, t0, t1, ekin
  integer :: hot

  ncells = 200000
  nsnap = 5
  nt = 1200
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read(arg, *) ncells
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read(arg, *) nsnap
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg); read(arg, *) nt
  end if

  call eostab_build(240, nt, -12.0_dp, -2.0_dp, 3.0_dp, 7.0_dp)
  write(*, '(a,i0,a,i0,a)') 'EOS table: ', nrho, ' densities x ', ntemp, ' temperatures'
  allocate(rho(ncells), e(ncells), t(ncells), p(ncells))

  call cpu_time(t0)
  do k = 1, nsnap
    shock = 0.15_dp + 0.7_dp * k / real(nsnap + 1, dp)
    do c = 1, ncells
      r = (c - 0.5_dp) / ncells
      if (r < shock) then
        rho(c) = 1.0e-9_dp * (0.2_dp + 0.8_dp * (r / shock)**4)
        ekin = 6.0e13_dp * (1.0_dp - 0.7_dp * r / shock) / (k * shock)
      else if (r < shock * 1.05_dp) then
        rho(c) = 4.0e-9_dp
        ekin = 1.5e13_dp / (k * shock)
      else
        rho(c) = 1.0e-9_dp * (1.0_dp + 0.3_dp * sin(40.0_dp * r))
        ekin = 6.0e11_dp * (1.0_dp + 0.2_dp * cos(25.0_dp * r))
      end if
      e(c) = ekin
    end do
    do c = 1, ncells
      call eos_rho_e(rho(c), e(c), t(c), p(c))
    end do
    tmean = sum(t) / ncells
    tmax = maxval(t)
    pmean = sum(p) / ncells
    pmax = maxval(p)
    hot = count(t > 1.0e4_dp)
    write(*, '(a,i3,a,f6.3,a,es14.7,a,es14.7,a,es14.7,a,es14.7,a,i8)') 'snapshot', k, &
      '  shock at', shock, '  <T>', tmean, '  Tmax', tmax, '  <p>', pmean, '  pmax', pmax, &
      '  hot cells', hot
  end do
  call cpu_time(t1)
  write(*, '(a,i0,a,f9.3,a,f9.1,a)') 'EOS lookups: ', ncells * nsnap, ' in ', t1 - t0, &
    ' s cpu (', 1.0e9_dp * (t1 - t0) / (ncells * nsnap), ' ns per cell)'
end program eosrun
