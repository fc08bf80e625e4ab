! co_sum/co_min/co_max on 1-D and 2-D arrays of several kinds, on
! non-contiguous array sections, with result_image= and stat=.
program s_co_array
  implicit none
  integer :: a(10), esum(10), s, me, n, j, ri
  integer(1) :: b1(6), e1(6); integer(2) :: b2(5), e2(5)
  integer(8) :: m8(3, 4), emax8(3, 4), emin8(3, 4), k8(3, 4)
  real(4) :: f4(4, 3), es4(4, 3); complex(8) :: z(4), ez(4)
  real(8) :: f8(3, 4), emin(3, 4), emax(3, 4), g8(3, 4)

  me = this_image(); n = num_images(); ri = n; s = 0
  esum = 0; e1 = -huge(e1); e2 = huge(e2); emax8 = -huge(1_8); emin8 = huge(1_8)
  es4 = 0; emin = huge(1d0); emax = -huge(1d0); ez = 0
  do j = 1, n
    esum = esum + ia(j); e1 = max(e1, ib1(j)); e2 = min(e2, ib2(j))
    emax8 = max(emax8, im8(j)); emin8 = min(emin8, im8(j)); es4 = es4 + rf4(j)
    emin = min(emin, rf8(j)); emax = max(emax, rf8(j)); ez = ez + cz(j)
  end do
  a = ia(me); call co_sum(a, stat=s)
  if (any(a /= esum) .or. s /= 0) call fail('co_sum int 1-D', 1301)
  ! sections: elements outside the section keep this image's values
  a = ia(me); call co_sum(a(1:9:2))
  if (any(a /= merge(esum, ia(me), [(mod(j, 2) == 1, j = 1, 10)]))) &
    call fail('co_sum on a(1:9:2)', 1302)
  b1 = ib1(me); call co_max(b1)
  if (any(b1 /= e1)) call fail('co_max int1 1-D', 1303)
  b2 = ib2(me); call co_min(b2, stat=s)
  if (any(b2 /= e2) .or. s /= 0) call fail('co_min int2 1-D', 1304)
  m8 = im8(me); call co_max(m8)
  if (any(m8 /= emax8)) call fail('co_max int8 2-D', 1305)
  m8 = im8(me); call co_min(m8(1:3:2, 2:4))
  k8 = im8(me); k8(1:3:2, 2:4) = emin8(1:3:2, 2:4)
  if (any(m8 /= k8)) call fail('co_min on m8(1:3:2, 2:4)', 1306)
  f4 = rf4(me); call co_sum(f4)
  if (any(f4 /= es4)) call fail('co_sum real4 2-D', 1307)
  f8 = rf8(me); call co_min(f8)
  if (any(f8 /= emin)) call fail('co_min real8 2-D', 1308)
  f8 = rf8(me); call co_max(f8(2, :), stat=s)
  g8 = rf8(me); g8(2, :) = emax(2, :)
  if (any(f8 /= g8) .or. s /= 0) call fail('co_max on row f8(2, :)', 1309)
  z = cz(me); call co_sum(z)
  if (any(z /= ez)) call fail('co_sum complex8 1-D', 1310)
  ! result_image=: only the result image's values are checked
  a = ia(me); call co_sum(a, result_image=ri, stat=s)
  if (s /= 0 .or. (me == ri .and. any(a /= esum))) call fail('co_sum int 1-D result_image', 1311)
  f8 = rf8(me); call co_max(f8(1:3:2, 1:4:3), result_image=1)
  if (me == 1 .and. any(f8(1:3:2, 1:4:3) /= emax(1:3:2, 1:4:3))) &
    call fail('co_max real8 section result_image', 1312)
  m8 = im8(me); call co_min(m8(:, 2:3), result_image=(n + 1) / 2, stat=s)
  if (s /= 0 .or. (me == (n + 1) / 2 .and. any(m8(:, 2:3) /= emin8(:, 2:3)))) &
    call fail('co_min int8 section result_image', 1313)
  sync all
  if (me == 1) print '(a)', 'PASS co_array'
contains
  pure function ia(j) result(r)
    integer, intent(in) :: j; integer :: r(10), i
    r = [(j * i - i * i, i = 1, 10)]
  end function ia
  pure function ib1(j) result(r)
    integer, intent(in) :: j; integer(1) :: r(6), i
    r = [(int(mod(j + i, 5) - 2, 1), i = 1_1, 6_1)]
  end function ib1
  pure function ib2(j) result(r)
    integer, intent(in) :: j; integer(2) :: r(5), i
    r = [(int(mod(j * i * 7, 23) - 11, 2), i = 1_2, 5_2)]
  end function ib2
  pure function im8(j) result(r)
    integer, intent(in) :: j; integer(8) :: r(3, 4), i, k
    r = reshape([((j * (-1_8)**(i + k) * 2_8**35 + 10 * i + 100 * k, i = 1, 3), k = 1, 4)], [3, 4])
  end function im8
  pure function rf4(j) result(r)
    integer, intent(in) :: j; real(4) :: r(4, 3); integer :: i, k
    r = reshape([((0.5 * j * i - k, i = 1, 4), k = 1, 3)], [4, 3])
  end function rf4
  pure function rf8(j) result(r)
    integer, intent(in) :: j; real(8) :: r(3, 4); integer :: i, k
    r = reshape([((mod(j * (i + 2 * k), 11) * 0.25d0 - i * k, i = 1, 3), k = 1, 4)], [3, 4])
  end function rf8
  pure function cz(j) result(r)
    integer, intent(in) :: j; complex(8) :: r(4); integer :: i
    r = [(cmplx(j * i, -0.5d0 * j, 8), i = 1, 4)]
  end function cz
  subroutine fail(what, code)
    character(len=*), intent(in) :: what; integer, intent(in) :: code
    print *, 'image', me, trim(what), ': values differ from expected (stat =', s, ')'
    error stop code
  end subroutine fail
end program s_co_array
