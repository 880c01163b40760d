module precision
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 300)
end module precision
