! shells: firing table (elevation x muzzle speed) with every trajectory logged
! usage: ./shells [n_elevations] [n_speeds] [dt]
program shells
  use ballistics
  use trajlog
  implicit none
  integer :: ne, nv, ie, iv, id, nargs
  real(dp) :: dt, elev, speed, s(4), t, apex, yprev, xprev, f
  character(len=32) :: arg
  type(shell_t) :: sh

  ne = 12; nv = 6; dt = 0.01_dp
  nargs = command_argument_count()
  if (nargs >= 1) then
     call get_command_argument(1, arg); read(arg, *) ne
  end if
  if (nargs >= 2) then
     call get_command_argument(2, arg); read(arg, *) nv
  end if
  if (nargs >= 3) then
     call get_command_argument(3, arg); read(arg, *) dt
  end if

  call log_start()
  id = 0
  do ie = 1, ne
     elev = 15.0_dp + 60.0_dp * (ie - 1) / max(ne - 1, 1)
     do iv = 1, nv
        speed = 250.0_dp + 550.0_dp * (iv - 1) / max(nv - 1, 1)
        id = id + 1
        s = [0.0_dp, 0.0_dp, speed * cos(elev * acos(-1.0_dp) / 180.0_dp), &
             speed * sin(elev * acos(-1.0_dp) / 180.0_dp)]
        t = 0.0_dp
        apex = 0.0_dp
        call log_sample(id, t, s)
        do
           xprev = s(1); yprev = s(2)
           call rk4(sh, s, dt)
           t = t + dt
           apex = max(apex, s(2))
           if (s(2) < 0.0_dp) exit
           call log_sample(id, t, s)
        end do
        f = yprev / (yprev - s(2))          ! interpolate the impact point
        call log_impact(id, elev, speed, xprev + f * (s(1) - xprev), apex, t - dt + f * dt)
     end do
  end do
end program shells
