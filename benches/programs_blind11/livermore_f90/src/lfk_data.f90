! The arrays of the Livermore Fortran Kernels and their initial values (the suite's
! SIGNAL-style fill: a slowly varying deterministic sequence, so every run sees the same data)
module lfk_data
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nmax = 1001      ! the suite's long loop length
  integer, parameter :: kz = 7           ! second extent of the 2-D hydro arrays

  real(dp) :: x(nmax + 12), y(nmax + 12), z(nmax + 12), u(nmax + 12)
  real(dp) :: zx(nmax + 12)
  real(dp) :: za(nmax + 1, kz), zb(nmax + 1, kz), zm(nmax + 1, kz), zp(nmax + 1, kz)
  real(dp) :: zq(nmax + 1, kz), zr(nmax + 1, kz), zu(nmax + 1, kz), zv(nmax + 1, kz)
  real(dp) :: zz(nmax + 1, kz)
  real(dp) :: q, r, t, s

contains

  ! fill v with values in [scale, 2 scale), the suite's way of avoiding trivial data
  ! (integer residues, so the data are exact whatever the compiler does)
  subroutine signal(v, scale, phase)
    real(dp), intent(out) :: v(:)
    real(dp), intent(in) :: scale
    integer, intent(in) :: phase
    integer :: k
    real(dp) :: w
    do k = 1, size(v)
      w = real(mod(13 * k * k + 7 * k + phase, 9973), dp) / 9973.0_dp
      v(k) = scale * (1.0_dp + w)
    end do
  end subroutine signal

  subroutine init_all()
    integer :: k
    call signal(x, 0.001_dp, 11)
    call signal(y, 0.001_dp, 23)
    call signal(z, 0.001_dp, 37)
    call signal(u, 0.001_dp, 41)
    call signal(zx, 0.001_dp, 53)
    do k = 1, kz
      call signal(za(:, k), 0.01_dp, 101 * k)
      call signal(zb(:, k), 0.01_dp, 201 * k)
      call signal(zm(:, k), 1.0_dp, 301 * k)
      call signal(zp(:, k), 0.01_dp, 401 * k)
      call signal(zq(:, k), 0.01_dp, 501 * k)
      call signal(zr(:, k), 0.01_dp, 601 * k)
      call signal(zu(:, k), 0.01_dp, 701 * k)
      call signal(zv(:, k), 0.01_dp, 801 * k)
      call signal(zz(:, k), 0.01_dp, 901 * k)
    end do
    q = 0.5_dp
    r = 4.86_dp
    t = 276.0_dp
    s = 0.0041_dp
  end subroutine init_all

  ! the suite's checksum of an array: the sum of its values
  real(dp) function sumof(v)
    real(dp), intent(in) :: v(:)
    integer :: k
    sumof = 0.0_dp
    do k = 1, size(v)
      sumof = sumof + v(k)
    end do
  end function sumof

end module lfk_data
