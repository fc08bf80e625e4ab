! Coarrays declared in a module, and SAVE coarrays local to a subroutine.
module x_module_save_m
  implicit none
  integer :: mc(5)[*]
  real :: ms[*]
  integer, allocatable :: ma(:)[:]
contains
  subroutine bump(target_image, calls)
    integer, intent(in) :: target_image
    integer, intent(out) :: calls
    integer, save :: cnt[*] = 0          ! SAVE coarray, persists between calls
    integer, save :: ncall = 0
    integer :: prev, lft
    lft = mod(this_image() - 2 + num_images(), num_images()) + 1
    prev = 0
    if (ncall > 0) prev = 10*ncall + lft   ! what the previous call left behind
    if (cnt /= prev) then
      print *, 'image', this_image(), ': SAVE coarray lost its value, cnt=', cnt, 'expected', prev
      error stop 9
    end if
    ncall = ncall + 1
    calls = ncall
    sync all
    cnt[target_image] = 10*ncall + this_image()
    sync all
    if (cnt /= 10*ncall + lft) then
      print *, 'image', this_image(), ': SAVE coarray after call', ncall, 'cnt=', cnt
      error stop 10 + ncall
    end if
  end subroutine bump
end module x_module_save_m

program x_module_save
  use x_module_save_m
  implicit none
  integer :: me, np, right, left, i, k, got(5)
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  mc = 0; ms = 0
  sync all
  call fill_right()                      ! module coarrays written from another procedure
  sync all
  if (any(mc /= [(left*10 + i, i = 1, 5)]) .or. ms /= left*0.5) then
    print *, 'image', me, ': module coarray put mc=', mc, 'ms=', ms
    error stop 1
  end if
  got = mc(:)[right]
  if (any(got /= [(me*10 + i, i = 1, 5)])) then   ! right's mc was written by me
    print *, 'image', me, ': module coarray get', got
    error stop 2
  end if
  allocate(ma(3)[*])
  ma = me
  sync all
  if (ma(2)[right] /= right) then
    print *, 'image', me, ': module allocatable coarray get', ma(2)[right]
    error stop 3
  end if
  do i = 1, 3
    call bump(right, k)
    if (k /= i) error stop 4
  end do
  deallocate(ma)
  sync all
  if (me == 1) print '(a)', 'PASS module_save'
contains
  subroutine fill_right()
    mc(:)[right] = [(me*10 + i, i = 1, 5)]
    ms[right] = me*0.5
  end subroutine fill_right
end program x_module_save
