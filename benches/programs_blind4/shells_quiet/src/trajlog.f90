! trajectory log: one line per sample, appended to the file as the run goes
! (the file is complete up to the last sample even if the run is killed)
module trajlog
  use ballistics, only: dp
  implicit none
  character(len=*), parameter :: logfile = 'trajectories.dat'

contains

  subroutine log_start()
    integer :: u
    open(newunit=u, file=logfile, status='replace', action='write')
    write(u, '(a)') '# shell  t[s]  x[m]  y[m]  vx[m/s]  vy[m/s]'
    close(u)
  end subroutine log_start

  subroutine log_sample(id, t, s)
    integer, intent(in) :: id
    real(dp), intent(in) :: t, s(4)
    integer :: u
    open(newunit=u, file=logfile, status='old', position='append', action='write')
    write(u, '(i5, f9.3, 2f12.3, 2f10.3)') id, t, s
    close(u)
  end subroutine log_sample

  subroutine log_impact(id, elev_deg, speed, range, apex, tof)
    integer, intent(in) :: id
    real(dp), intent(in) :: elev_deg, speed, range, apex, tof
    integer :: u
    open(newunit=u, file=logfile, status='old', position='append', action='write')
    write(u, '(a, i5, f7.2, f8.1, 3es16.8)') '# impact ', id, elev_deg, speed, range, apex, tof
    close(u)
  end subroutine log_impact

end module trajlog
