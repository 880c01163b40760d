! hbv.f90 -- the HBV model routines for one grid cell and one day (Bergstroem 1976;
! Seibert's HBV-light parameter names)
module hbv
  use weather, only: dp
  implicit none
  private
  public :: params, cell_state, snow_routine, soil_routine, response_routine

  type params
    real(dp) :: tt = 0.0_dp       ! threshold temperature (deg C)
    real(dp) :: cfmax = 3.5_dp    ! degree-day factor (mm / deg C / day)
    real(dp) :: sfcf = 1.1_dp     ! snowfall correction factor
    real(dp) :: cfr = 0.05_dp     ! refreezing coefficient
    real(dp) :: cwh = 0.1_dp      ! water holding capacity of the snow
    real(dp) :: fc = 250.0_dp     ! field capacity (mm)
    real(dp) :: lp = 0.7_dp       ! fraction of fc above which ET is potential
    real(dp) :: beta = 2.5_dp     ! shape of the recharge function
    real(dp) :: k0 = 0.25_dp, k1 = 0.1_dp, k2 = 0.02_dp   ! recession coefficients (1/day)
    real(dp) :: uzl = 25.0_dp     ! threshold of the fast flow (mm)
    real(dp) :: perc = 1.8_dp     ! percolation to the lower zone (mm / day)
  end type params

  type cell_state
    real(dp) :: snow = 0.0_dp, liquid = 0.0_dp   ! snowpack: ice and liquid water (mm)
    real(dp) :: sm = 150.0_dp                    ! soil moisture (mm)
    real(dp) :: suz = 10.0_dp, slz = 40.0_dp     ! upper and lower groundwater boxes (mm)
  end type cell_state

contains

  ! snow accumulation, melt, refreezing; returns the water leaving the snowpack
  subroutine snow_routine(p, s, temp, precip, inflow)
    type(params), intent(in) :: p
    type(cell_state), intent(inout) :: s
    real(dp), intent(in) :: temp, precip
    real(dp), intent(out) :: inflow
    real(dp) :: melt, refreeze, rain

    if (temp < p%tt) then
      s%snow = s%snow + p%sfcf*precip
      rain = 0.0_dp
      refreeze = min(s%liquid, p%cfr*p%cfmax*(p%tt - temp))
      s%snow = s%snow + refreeze
      s%liquid = s%liquid - refreeze
    else
      rain = precip
      melt = min(s%snow, p%cfmax*(temp - p%tt))
      s%snow = s%snow - melt
      s%liquid = s%liquid + melt
    end if
    s%liquid = s%liquid + rain
    inflow = max(0.0_dp, s%liquid - p%cwh*s%snow)
    s%liquid = s%liquid - inflow
  end subroutine snow_routine

  ! soil moisture accounting: groundwater recharge and actual evapotranspiration
  subroutine soil_routine(p, s, inflow, pet, recharge, et)
    type(params), intent(in) :: p
    type(cell_state), intent(inout) :: s
    real(dp), intent(in) :: inflow, pet
    real(dp), intent(out) :: recharge, et

    recharge = inflow*(s%sm/p%fc)**p%beta
    s%sm = s%sm + inflow - recharge
    if (s%sm > p%fc) then            ! excess above field capacity goes to groundwater
      recharge = recharge + (s%sm - p%fc)
      s%sm = p%fc
    end if
    et = min(s%sm, pet*min(1.0_dp, s%sm/(p%lp*p%fc)))
    s%sm = s%sm - et
  end subroutine soil_routine

  ! the two groundwater boxes; returns the runoff generated in the cell
  subroutine response_routine(p, s, recharge, runoff)
    type(params), intent(in) :: p
    type(cell_state), intent(inout) :: s
    real(dp), intent(in) :: recharge
    real(dp), intent(out) :: runoff
    real(dp) :: q0, q1, q2, perc

    s%suz = s%suz + recharge
    perc = min(p%perc, s%suz)
    s%suz = s%suz - perc
    s%slz = s%slz + perc
    q0 = p%k0*max(0.0_dp, s%suz - p%uzl)
    q1 = p%k1*s%suz
    s%suz = s%suz - q0 - q1
    q2 = p%k2*s%slz
    s%slz = s%slz - q2
    runoff = q0 + q1 + q2
  end subroutine response_routine

end module hbv
