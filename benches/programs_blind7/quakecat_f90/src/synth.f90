! Synthetic vertical-component records: Gaussian ground noise plus local events whose
! magnitudes follow a truncated Gutenberg-Richter law (b = 1, M 0.5 to 3.5), each a decaying 6 Hz wavelet.
module synth
  use, intrinsic :: iso_fortran_env, only: real64
  use rng
  implicit none
  private
  public :: make_record, fs

  real(real64), parameter :: fs = 100.0_real64          ! samples per second
  real(real64), parameter :: pi = 3.141592653589793_real64

contains

  subroutine make_record(station, n, rate, x, nev)
    integer, intent(in) :: station, n
    real(real64), intent(in) :: rate                     ! events per second
    real(real64), intent(out) :: x(n)
    integer, intent(out) :: nev
    type(rng_state) :: g
    real(real64) :: t, mag, amp, tau, f0, gain, u
    integer :: i, i0, len, k

    call rng_seed(g, 1000 + 17 * station)
    gain = 1.0_real64 + 0.1_real64 * station
    do i = 1, n
       x(i) = gain * rng_gauss(g)
    end do

    nev = 0
    t = 0.0_real64
    do
       u = rng_uniform(g)
       t = t - log(1.0_real64 - u) / rate
       i0 = int(t * fs) + 1
       if (i0 > n) exit
       nev = nev + 1
       ! b = 1 above M 0.5, truncated at M 3.5 (the largest a swarm like this produces)
       mag = 0.5_real64 - log10(1.0_real64 - 0.999_real64 * rng_uniform(g))
       amp = 6.0_real64 * gain * 10.0_real64**(mag - 0.5_real64)
       tau = 0.25_real64 + 0.35_real64 * mag                  ! bigger events ring longer
       f0 = 6.0_real64 - 0.8_real64 * mag
       len = min(int(5.0_real64 * tau * fs), n - i0 + 1)
       do k = 0, len - 1
          x(i0 + k) = x(i0 + k) + amp * exp(-k / (tau * fs)) * sin(2.0_real64 * pi * f0 * k / fs)
       end do
    end do
  end subroutine make_record

end module synth
