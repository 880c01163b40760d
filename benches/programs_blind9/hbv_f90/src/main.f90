! hbv -- distributed HBV rainfall-runoff model of an alpine catchment on a 1 km grid
!
!   ./hbv [nx=40] [ny=40] [years=2] [seed=7]
!
! Station weather is lapsed to each cell's elevation (temperature -6.5 K/km, precipitation
! +4 %/100 m), potential ET by Hargreaves from the cell's latitude, then the snow, soil and
! response routines per cell and day; the cell runoff is averaged over the catchment and
! routed with a triangular MAXBAS weighting.  Prints the yearly water balance and the time
! spent in each routine.
program hbv_model
  use weather, only: dp, pi, station_day, weather_init
  use hbv, only: params, cell_state, snow_routine, soil_routine, response_routine
  implicit none

  integer, parameter :: maxbas = 3
  integer :: nx, ny, years, seed, i, j, c, ncell, d, y, day_of_year, k, peak_day
  type(params) :: p
  type(cell_state), allocatable :: s(:)
  real(dp), allocatable :: z(:), sin_lat(:), cos_lat(:), tan_lat(:)
  real(dp) :: t_st, p_st, temp, precip, inflow, recharge, et, runoff, pet, ra, ws
  real(dp) :: dr, decl, q_cells, q_out, weights(maxbas), pending(maxbas)
  real(dp) :: y_in, y_et, y_q, y_peak, y_swe, swe, storage0, storage1, lat
  real(dp) :: t0, t1, t_snow, t_soil, t_resp, t_start, t_end
  character(len=32) :: arg

  nx = 40; ny = 40; years = 2; seed = 7
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) nx
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) ny
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg); read (arg, *) years
  end if
  if (command_argument_count() >= 4) then
    call get_command_argument(4, arg); read (arg, *) seed
  end if

  ! the catchment: a valley rising from the outlet (600 m) to the ridges
  ncell = nx*ny
  allocate (s(ncell), z(ncell), sin_lat(ncell), cos_lat(ncell), tan_lat(ncell))
  do j = 1, ny
    do i = 1, nx
      c = (j - 1)*nx + i
      z(c) = 600.0_dp + 1500.0_dp*real(i - 1, dp)/nx + &
             600.0_dp*abs(real(j - 1, dp)/(ny - 1) - 0.5_dp) + &
             120.0_dp*sin(0.7_dp*i)*cos(0.45_dp*j)
      lat = (46.5_dp + 0.009_dp*(j - 1))*pi/180.0_dp
      sin_lat(c) = sin(lat)
      cos_lat(c) = cos(lat)
      tan_lat(c) = tan(lat)
    end do
  end do
  do k = 1, maxbas      ! triangular unit hydrograph
    weights(k) = real(min(k, maxbas + 1 - k), dp)
  end do
  weights = weights/sum(weights)
  pending = 0.0_dp
  call weather_init(seed)

  write (*, '(a, i0, a, i0, a, f7.1, a, f7.1, a)') '# catchment ', nx, ' x ', ny, &
    ' km, elevations ', minval(z), ' - ', maxval(z), ' m'
  write (*, '(a)') '# year   input_mm      ET_mm       Q_mm    dS_mm  balance_mm  maxSWE_mm' // &
    '  peakQ_mm/d  peak_day'
  t_snow = 0.0_dp; t_soil = 0.0_dp; t_resp = 0.0_dp
  call cpu_time(t_start)
  do y = 1, years
    storage0 = total_storage()
    y_in = 0.0_dp; y_et = 0.0_dp; y_q = 0.0_dp; y_peak = 0.0_dp; y_swe = 0.0_dp; peak_day = 0
    do day_of_year = 1, 365
      d = day_of_year
      call station_day(d, t_st, p_st)
      dr = 1.0_dp + 0.033_dp*cos(2.0_dp*pi*d/365.0_dp)
      decl = 0.409_dp*sin(2.0_dp*pi*d/365.0_dp - 1.39_dp)
      q_cells = 0.0_dp
      swe = 0.0_dp
      do c = 1, ncell
        temp = t_st - 0.0065_dp*(z(c) - 600.0_dp)
        precip = p_st*(1.0_dp + 0.0004_dp*(z(c) - 600.0_dp))
        if (temp < p%tt) then
          y_in = y_in + p%sfcf*precip
        else
          y_in = y_in + precip
        end if
        ! Hargreaves potential ET (daily range 9 K), extraterrestrial radiation in mm/day
        ws = acos(max(-1.0_dp, min(1.0_dp, -tan_lat(c)*tan(decl))))
        ra = 0.408_dp*24.0_dp*60.0_dp/pi*0.082_dp*dr* &
             (ws*sin_lat(c)*sin(decl) + cos_lat(c)*cos(decl)*sin(ws))
        pet = max(0.0_dp, 0.0023_dp*ra*(temp + 17.8_dp)*3.0_dp)

        call cpu_time(t0)
        call snow_routine(p, s(c), temp, precip, inflow)
        call cpu_time(t1)
        t_snow = t_snow + (t1 - t0)

        call cpu_time(t0)
        call soil_routine(p, s(c), inflow, pet, recharge, et)
        call cpu_time(t1)
        t_soil = t_soil + (t1 - t0)

        call cpu_time(t0)
        call response_routine(p, s(c), recharge, runoff)
        call cpu_time(t1)
        t_resp = t_resp + (t1 - t0)

        y_et = y_et + et
        q_cells = q_cells + runoff
        swe = swe + s(c)%snow + s(c)%liquid
      end do
      ! route the catchment-mean runoff through the MAXBAS triangle
      pending = pending + weights*(q_cells/ncell)
      q_out = pending(1)
      pending(1:maxbas - 1) = pending(2:maxbas)
      pending(maxbas) = 0.0_dp
      y_q = y_q + q_out
      if (q_out > y_peak) then
        y_peak = q_out
        peak_day = d
      end if
      y_swe = max(y_swe, swe/ncell)
    end do
    storage1 = total_storage()
    y_in = y_in/ncell
    y_et = y_et/ncell
    write (*, '(i6, 3f11.3, f9.3, f12.6, f11.3, f12.4, i10)') y, y_in, y_et, y_q, &
      storage1 - storage0, y_in - y_et - y_q - (storage1 - storage0), y_swe, y_peak, peak_day
  end do
  call cpu_time(t_end)
  write (*, '(a, f8.3, a, f8.3, a, f8.3, a)') 'routine cpu time: snow ', t_snow, ' s, soil ', &
    t_soil, ' s, response ', t_resp, ' s'
  write (*, '(a, f8.3, a, i0, a)') 'model run: ', t_end - t_start, ' s cpu for ', &
    ncell*365*years, ' cell-days'

contains

  ! catchment-mean water stored in snow, soil, groundwater and the routing triangle (mm)
  function total_storage() result(w)
    real(dp) :: w
    integer :: cc
    w = 0.0_dp
    do cc = 1, ncell
      w = w + s(cc)%snow + s(cc)%liquid + s(cc)%sm + s(cc)%suz + s(cc)%slz
    end do
    w = w/ncell + sum(pending)
  end function total_storage

end program hbv_model
