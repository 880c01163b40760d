! weather.f90 -- synthetic daily weather at the valley station (the group's generator):
! seasonal temperature with AR(1) anomalies, a two-state Markov chain for wet days with
! exponentially distributed amounts
module weather
  implicit none
  private
  public :: dp, pi, station_day, weather_init

  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: pi = 3.14159265358979323846_dp
  integer(8) :: state = 1
  real(dp) :: anomaly = 0.0_dp
  logical :: wet = .false.

contains

  subroutine weather_init(seed)
    integer, intent(in) :: seed
    state = 2862933555777941757_8*int(seed, 8) + 3037000493_8
    anomaly = 0.0_dp
    wet = .false.
  end subroutine weather_init

  function uniform() result(u)
    real(dp) :: u
    ! 64-bit LCG (Knuth's MMIX constants); the top 53 bits
    state = state*6364136223846793005_8 + 1442695040888963407_8
    u = real(ishft(state, -11), dp)*(1.0_dp/9007199254740992.0_dp)
  end function uniform

  ! temperature (deg C) and precipitation (mm) at the station on day d of the year
  subroutine station_day(d, temp, precip)
    integer, intent(in) :: d
    real(dp), intent(out) :: temp, precip
    real(dp) :: u1, u2, z, p_wet

    u1 = max(uniform(), 1.0e-12_dp)
    u2 = uniform()
    z = sqrt(-2.0_dp*log(u1))*cos(2.0_dp*pi*u2)
    anomaly = 0.7_dp*anomaly + 2.2_dp*z
    temp = 7.0_dp + 9.5_dp*sin(2.0_dp*pi*(d - 110)/365.0_dp) + anomaly
    if (wet) then
      p_wet = 0.62_dp
    else
      p_wet = 0.28_dp
    end if
    wet = uniform() < p_wet
    if (wet) then
      precip = -7.5_dp*log(max(uniform(), 1.0e-12_dp))
    else
      precip = 0.0_dp
    end if
  end subroutine station_day

end module weather
