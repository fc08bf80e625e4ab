! Asks for more coarray memory than GFORTRAN_SHARED_MEMORY_SIZE gives.
program heap
  implicit none
  real, allocatable :: big(:)[:]
  integer :: st
  character(len=200) :: msg
  character(len=8) :: mode
  call get_command_argument(1, mode)
  if (mode == 'stat') then
    allocate (big(100000000)[*], stat=st, errmsg=msg)
    if (st == 0) error stop 41
    if (index(msg, 'GFORTRAN_SHARED_MEMORY_SIZE') == 0) error stop 42
    if (this_image() == 1) print '(a)', 'stat reported'
  else
    allocate (big(100000000)[*])
  end if
end program
