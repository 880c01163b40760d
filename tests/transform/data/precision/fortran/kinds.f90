! kind parameters of the series program: qp selects quad precision (emulated in software)
module kinds
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: qp = selected_real_kind(33, 4931)
end module kinds
