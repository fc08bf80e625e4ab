! Derived-type coarrays with plain (non-allocatable) components.
program x_dt_plain
  implicit none
  type :: pt
    integer :: x
    real(8) :: r
    integer :: arr(4)
    character(len=4) :: nm
  end type pt
  type(pt) :: s[*], loc, v(3)[*]
  integer :: me, np, right, left, i, k, got(2)
  real(8) :: rr
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  s = pt(-1, -1d0, [-1, -1, -1, -1], '----')
  v = s
  sync all
  s[right]%x = me
  s[right]%arr(2:3) = [10*me, 20*me]
  s[right]%nm = 'ab'
  v(2)[right]%r = 1.5d0*me
  v(:)[right]%x = [1, 2, 3] + me           ! component of an array of structures
  sync all
  if (s%x /= left .or. any(s%arr /= [-1, 10*left, 20*left, -1]) .or. s%nm /= 'ab  ' .or. s%r /= -1) then
    print *, 'image', me, ': component put s=', s%x, s%arr, s%nm, s%r
    error stop 1
  end if
  if (v(2)%r /= 1.5d0*left .or. any(v%x /= [1, 2, 3] + left) .or. v(1)%r /= -1 .or. v(3)%arr(1) /= -1) then
    print *, 'image', me, ': array-of-struct put v%x=', v%x, 'v%r=', v%r
    error stop 2
  end if
  sync all
  s = pt(me, me*0.5d0, [(me + i, i = 1, 4)], 'i' // achar(iachar('a') + me))
  do i = 1, 3
    v(i) = pt(100*me + i, -dble(i), [(k*me, k = 1, 4)], 'v')
  end do
  sync all
  rr = s[right]%r
  got = s[right]%arr(2:3)
  if (rr /= right*0.5d0 .or. any(got /= [right + 2, right + 3])) then
    print *, 'image', me, ': component get r=', rr, 'arr(2:3)=', got
    error stop 3
  end if
  loc = s[left]                             ! whole structure get
  if (loc%x /= left .or. loc%r /= left*0.5d0 .or. any(loc%arr /= [(left + i, i = 1, 4)]) .or. &
      loc%nm /= 'i' // achar(iachar('a') + left)) then
    print *, 'image', me, ': whole struct get', loc%x, loc%r, loc%arr, loc%nm
    error stop 4
  end if
  if (v(3)[right]%x /= 100*right + 3 .or. v(2)[right]%arr(4) /= 4*right) then
    print *, 'image', me, ': array-of-struct get', v(3)[right]%x, v(2)[right]%arr(4)
    error stop 5
  end if
  sync all
  s[left] = pt(-me, 2d0*me, [4, 3, 2, 1]*me, 'whol')   ! whole structure put
  sync all
  if (s%x /= -right .or. s%r /= 2d0*right .or. any(s%arr /= [4, 3, 2, 1]*right) .or. s%nm /= 'whol') then
    print *, 'image', me, ': whole struct put', s%x, s%r, s%arr, s%nm
    error stop 6
  end if
  sync all
  if (me == 1) print '(a)', 'PASS dt_plain'
end program x_dt_plain
