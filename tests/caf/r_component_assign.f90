! An allocatable component allocated by assignment, read from another
! image and deallocated, many times: no leak, right values.
program r_component_assign
  implicit none
  type t
    integer, allocatable :: y(:)
  end type
  type(t) :: s[*]
  integer :: i, me, p
  integer, allocatable :: got(:)
  me = this_image(); p = mod(me, num_images()) + 1
  do i = 1, 2000
    s%y = [me, i, me + i]
    sync all
    got = s[p]%y
    if (size(got) /= 3 .or. any(got /= [p, i, p + i])) then
      print *, 'image', me, 'iteration', i, 'got', got
      error stop 1
    end if
    sync all
    deallocate (s%y)
  end do
  if (me == 1) print '(a)', 'PASS component_assign'
end program
