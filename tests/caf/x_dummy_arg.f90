! Coarray dummy arguments: assumed-shape, explicit-shape with other cobounds, scalar, allocatable.
module x_dummy_arg_m
  implicit none
contains
  subroutine put_right(a, val)           ! assumed-shape coarray dummy
    integer, intent(inout) :: a(:)[*]
    integer, intent(in) :: val
    integer :: right, i
    right = mod(this_image(), num_images()) + 1
    a(:)[right] = [(val + i, i = 1, size(a))]
  end subroutine put_right
  integer function get_left(a, n, k)     ! explicit shape, lower cobound 0
    integer, intent(in) :: n, k
    integer, intent(in) :: a(n)[0:*]
    integer :: left
    left = mod(this_image() - 2 + num_images(), num_images()) + 1
    get_left = a(k)[left - 1]
  end function get_left
  subroutine bump_scalar(s, img)         ! scalar coarray dummy
    integer, intent(inout) :: s[*]
    integer, intent(in) :: img
    s[img] = s[img] + 1000*this_image()  ! only one image writes to img
  end subroutine bump_scalar
  subroutine make(c, n)                  ! allocatable coarray dummy, allocated inside
    integer, allocatable, intent(inout) :: c(:)[:]
    integer, intent(in) :: n
    if (allocated(c)) deallocate(c)
    allocate(c(n)[*])
    c = this_image()
  end subroutine make
end module x_dummy_arg_m

program x_dummy_arg
  use x_dummy_arg_m
  implicit none
  integer :: arr(12)[*], sc[*], me, np, right, left, i, e
  integer, allocatable :: c(:)[:]
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  arr = 0; sc = me
  sync all
  call put_right(arr(3:8), 100*me)       ! section of a coarray as actual argument
  call put_right(arr(9:12:3), 500*me)    ! strided section
  call bump_scalar(sc, right)
  sync all
  do i = 1, 12
    e = 0
    if (i >= 3 .and. i <= 8) e = 100*left + (i - 2)
    if (i == 9) e = 500*left + 1
    if (i == 12) e = 500*left + 2
    if (arr(i) /= e) then
      print *, 'image', me, ': dummy put arr(', i, ')=', arr(i), 'expected', e
      error stop 1
    end if
  end do
  if (sc /= me + 1000*left) then
    print *, 'image', me, ': scalar dummy sc=', sc, 'expected', me + 1000*left
    error stop 2
  end if
  sync all
  arr = [(me*100 + i, i = 1, 12)]
  sync all
  e = get_left(arr, 12, 7)
  if (e /= left*100 + 7) then
    print *, 'image', me, ': explicit-shape dummy get', e, 'expected', left*100 + 7
    error stop 3
  end if
  e = get_left(arr(5:), 8, 2)            ! arr(6) on the left image
  if (e /= left*100 + 6) then
    print *, 'image', me, ': explicit-shape dummy (section) get', e, 'expected', left*100 + 6
    error stop 4
  end if
  do i = 1, 3
    call make(c, 2*i + 1)
    sync all
    if (size(c) /= 2*i + 1 .or. c(2*i + 1)[right] /= right) then
      print *, 'image', me, ': allocatable dummy, size', size(c), 'remote', c(2*i + 1)[right]
      error stop 5
    end if
    sync all
  end do
  deallocate(c)
  if (me == 1) print '(a)', 'PASS dummy_arg'
end program x_dummy_arg
