! Inversion of the table: temperature and pressure from density and internal energy.
module lookup
  use eostab
  implicit none
contains
  ! index k with xs(k) <= x < xs(k+1) in an increasing array (1 or n-1 at the ends)
  integer function locate(xs, n, x)
    integer, intent(in) :: n
    real(dp), intent(in) :: xs(n)
    real(dp), intent(in) :: x
    integer :: lo, hi, mid
    lo = 1
    hi = n
    do while (hi - lo > 1)
      mid = (lo + hi) / 2
      if (x >= xs(mid)) then
        lo = mid
      else
        hi = mid
      end if
    end do
    locate = lo
  end function locate

  ! log10 T at which log10 e(rho_i, T) = le on table row i (e increases with T)
  real(dp) function ltemp_on_row(i, le)
    integer, intent(in) :: i
    real(dp), intent(in) :: le
    integer :: j
    real(dp) :: f
    j = locate(letab(i, :), ntemp, le)
    f = (le - letab(i, j)) / (letab(i, j + 1) - letab(i, j))
    f = min(max(f, 0.0_dp), 1.0_dp)
    ltemp_on_row = ltemp(j) + f * (ltemp(j + 1) - ltemp(j))
  end function ltemp_on_row

  ! temperature [K] and pressure [dyn/cm^2] of gas with density rho and energy e
  subroutine eos_rho_e(rho, e, t, p)
    real(dp), intent(in) :: rho, e
    real(dp), intent(out) :: t, p
    integer :: i, j
    real(dp) :: lr, le, fr, lt, ft, lp0, lp1
    lr = log10(rho)
    le = log10(e)
    i = locate(lrho, nrho, lr)
    fr = min(max((lr - lrho(i)) / (lrho(i + 1) - lrho(i)), 0.0_dp), 1.0_dp)
    lt = (1.0_dp - fr) * ltemp_on_row(i, le) + fr * ltemp_on_row(i + 1, le)
    j = locate(ltemp, ntemp, lt)
    ft = min(max((lt - ltemp(j)) / (ltemp(j + 1) - ltemp(j)), 0.0_dp), 1.0_dp)
    lp0 = (1.0_dp - ft) * lptab(i, j) + ft * lptab(i, j + 1)
    lp1 = (1.0_dp - ft) * lptab(i + 1, j) + ft * lptab(i + 1, j + 1)
    t = 10.0_dp**lt
    p = 10.0_dp**((1.0_dp - fr) * lp0 + fr * lp1)
  end subroutine eos_rho_e
end module lookup
