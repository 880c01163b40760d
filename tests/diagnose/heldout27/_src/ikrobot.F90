! ikrobot.F90 robotics: forward kinematics of a 6-joint arm over a sweep of joint poses, computed in real(16) (quad precision).
program ikrobot
  implicit none
#ifdef DBL
  integer, parameter :: wp = 8
#else
  integer, parameter :: wp = 16
#endif
  integer :: p, j, npose
  real(wp) :: q(6), c, s, x, y, z, r, tot
  real(wp), parameter :: lnk(6) = [0.4_wp, 0.35_wp, 0.3_wp, 0.12_wp, 0.1_wp, 0.05_wp]
  npose = 100000
  tot = 0
  do p = 1, npose
    x = 0; y = 0; z = 0; r = 0
    do j = 1, 6
      q(j) = 0.001_wp * mod(p * j, 3141)
      r = r + q(j)
      c = cos(r); s = sin(r)
      x = x + lnk(j) * c * c
      y = y + lnk(j) * s * c
      z = z + lnk(j) * s
    end do
    tot = tot + sqrt(x * x + y * y + z * z)
  end do
  print '(a,i0,a,f18.10)', 'poses ', npose, ' mean reach ', real(tot / npose, 8)
end program ikrobot
