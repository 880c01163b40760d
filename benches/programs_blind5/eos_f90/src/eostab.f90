! Tabulated equation of state on a (log10 rho, log10 T) grid: specific internal energy and
! pressure of a partially ionised hydrogen gas plus radiation (Saha ionisation, cgs units).
module eostab
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: nrho = 0, ntemp = 0
  real(dp), allocatable :: lrho(:), ltemp(:)
  real(dp), allocatable :: letab(:,:)   ! log10 e(rho, T), dimension (nrho, ntemp)
  real(dp), allocatable :: lptab(:,:)   ! log10 p(rho, T), dimension (nrho, ntemp)
  real(dp), parameter :: kb = 1.380649e-16_dp, mh = 1.6735575e-24_dp, arad = 7.5657e-15_dp
  real(dp), parameter :: chi = 13.6_dp * 1.602176634e-12_dp
contains
  subroutine eostab_build(nr, nt, lrho_lo, lrho_hi, lt_lo, lt_hi)
    integer, intent(in) :: nr, nt
    real(dp), intent(in) :: lrho_lo, lrho_hi, lt_lo, lt_hi
    integer :: i, j
    real(dp) :: rho, t, x, s, e, p, n
    nrho = nr
    ntemp = nt
    allocate(lrho(nr), ltemp(nt), letab(nr, nt), lptab(nr, nt))
    do i = 1, nr
      lrho(i) = lrho_lo + (lrho_hi - lrho_lo) * (i - 1) / real(nr - 1, dp)
    end do
    do j = 1, nt
      ltemp(j) = lt_lo + (lt_hi - lt_lo) * (j - 1) / real(nt - 1, dp)
    end do
    do j = 1, nt
      do i = 1, nr
        rho = 10.0_dp**lrho(i)
        t = 10.0_dp**ltemp(j)
        n = rho / mh
        ! Saha: x^2 / (1 - x) = s
        s = 2.4147e15_dp * t**1.5_dp * exp(-chi / (kb * t)) / n
        x = 2.0_dp / (1.0_dp + sqrt(1.0_dp + 4.0_dp / max(s, 1.0e-300_dp)))
        e = (1.5_dp * (1.0_dp + x) * n * kb * t + x * n * chi + arad * t**4) / rho
        p = (1.0_dp + x) * n * kb * t + arad * t**4 / 3.0_dp
        letab(i, j) = log10(e)
        lptab(i, j) = log10(p)
      end do
    end do
  end subroutine eostab_build
end module eostab
