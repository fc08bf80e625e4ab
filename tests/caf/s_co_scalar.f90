! co_sum/co_min/co_max on scalars of integer kinds 1, 2, 4, 8 and real kinds
! 4, 8; co_sum on complex 4 and 8; with and without result_image=, stat=.
program s_co_scalar
  implicit none
  integer(1) :: i1; integer(2) :: i2; integer(4) :: i4
  integer(8) :: i8, es(4), emin(4), emax(4), v(4)
  real(8) :: r8, rs(2), rmin(2), rmax(2), w(2)
  real(4) :: r4; complex(4) :: c4
  complex(8) :: c8, cs4, cs8
  integer :: me, n, j, s, ri

  me = this_image(); n = num_images()
  ri = n; s = 0            ! ri: result image for some of the result_image= calls
  es = 0; emin = huge(1_8); emax = -huge(1_8)
  rs = 0; rmin = huge(1d0); rmax = -huge(1d0); cs4 = 0; cs8 = 0
  do j = 1, n
    v = ivals(j); w = rvals(j)
    es = es + v; emin = min(emin, v); emax = max(emax, v)
    rs = rs + w; rmin = min(rmin, w); rmax = max(rmax, w)
    cs4 = cs4 + cmplx(j, -2 * j, 8); cs8 = cs8 + cmplx(0.5d0 * j, real(j, 8)**2, 8)
  end do
  v = ivals(me); w = rvals(me)
  i1 = int(v(1), 1); call co_sum(i1);          call chk(int(i1, 8), es(1), 'co_sum int1', 1201)
  i1 = int(v(1), 1); call co_min(i1, stat=s);  call chk(int(i1, 8), emin(1), 'co_min int1', 1202)
  i1 = int(v(1), 1); call co_max(i1);          call chk(int(i1, 8), emax(1), 'co_max int1', 1203)
  i2 = int(v(2), 2); call co_sum(i2, stat=s);  call chk(int(i2, 8), es(2), 'co_sum int2', 1204)
  i2 = int(v(2), 2); call co_min(i2);          call chk(int(i2, 8), emin(2), 'co_min int2', 1205)
  i2 = int(v(2), 2); call co_max(i2);          call chk(int(i2, 8), emax(2), 'co_max int2', 1206)
  i4 = int(v(3), 4); call co_sum(i4);          call chk(int(i4, 8), es(3), 'co_sum int4', 1207)
  i4 = int(v(3), 4); call co_min(i4);          call chk(int(i4, 8), emin(3), 'co_min int4', 1208)
  i4 = int(v(3), 4); call co_max(i4, stat=s);  call chk(int(i4, 8), emax(3), 'co_max int4', 1209)
  i8 = v(4);         call co_sum(i8);          call chk(i8, es(4), 'co_sum int8', 1210)
  i8 = v(4);         call co_min(i8);          call chk(i8, emin(4), 'co_min int8', 1211)
  i8 = v(4);         call co_max(i8);          call chk(i8, emax(4), 'co_max int8', 1212)
  r4 = real(w(1), 4); call co_sum(r4);         call rchk(real(r4, 8), rs(1), 'co_sum real4', 1213)
  r4 = real(w(1), 4); call co_min(r4);         call rchk(real(r4, 8), rmin(1), 'co_min real4', 1214)
  r4 = real(w(1), 4); call co_max(r4);         call rchk(real(r4, 8), rmax(1), 'co_max real4', 1215)
  r8 = w(2); call co_sum(r8, stat=s);          call rchk(r8, rs(2), 'co_sum real8', 1216)
  r8 = w(2); call co_min(r8);                  call rchk(r8, rmin(2), 'co_min real8', 1217)
  r8 = w(2); call co_max(r8);                  call rchk(r8, rmax(2), 'co_max real8', 1218)
  c4 = cmplx(me, -2 * me, 4); call co_sum(c4)
  call rchk(real(c4, 8), real(cs4, 8), 'co_sum complex4 real part', 1219)
  call rchk(real(aimag(c4), 8), aimag(cs4), 'co_sum complex4 imaginary part', 1220)
  c8 = cmplx(0.5d0 * me, real(me, 8)**2, 8); call co_sum(c8, stat=s)
  call rchk(aimag(c8), aimag(cs8), 'co_sum complex8 imaginary part', 1221)
  call rchk(real(c8, 8), real(cs8, 8), 'co_sum complex8 real part', 1222)
  ! result_image=: only the result image's value is defined afterwards
  i4 = int(v(3), 4); call co_sum(i4, result_image=ri, stat=s)
  if (me == ri) call chk(int(i4, 8), es(3), 'co_sum int4 result_image', 1223)
  r8 = w(2); call co_max(r8, result_image=1)
  if (me == 1) call rchk(r8, rmax(2), 'co_max real8 result_image', 1224)
  i8 = v(4); call co_min(i8, result_image=(n + 1) / 2, stat=s)
  if (me == (n + 1) / 2) call chk(i8, emin(4), 'co_min int8 result_image', 1225)
  c8 = cmplx(0.5d0 * me, real(me, 8)**2, 8); call co_sum(c8, result_image=ri)
  if (me == ri) call rchk(aimag(c8), aimag(cs8), 'co_sum complex8 result_image', 1226)
  if (s /= 0) call chk(0_8, 0_8, 'stat of a result_image= call', 1227)
  sync all
  if (me == 1) print '(a)', 'PASS co_scalar'
contains
  function ivals(j) result(r)   ! values of image j for integer kinds 1, 2, 4, 8
    integer, intent(in) :: j
    integer(8) :: r(4)
    r = [int(mod(j, 3) - 1, 8), int(mod(j * 5, 17) - 8, 8), int(j * 1000 - 3 * j * j, 8), &
         int(j, 8) * 2_8**40 * merge(1_8, -1_8, mod(j, 2) == 0)]
  end function ivals
  function rvals(j) result(r)   ! values of image j for real kinds 4, 8 (exact sums)
    integer, intent(in) :: j
    real(8) :: r(2)
    r = [0.25d0 * j - 1 - merge(2 * j, 0, mod(j, 3) == 0), &
         0.5d0 * j * merge(-1, 1, mod(j, 2) == 1) + 2d0**40]
  end function rvals
  subroutine chk(got, want, what, code)
    integer(8), intent(in) :: got, want
    character(len=*), intent(in) :: what
    integer, intent(in) :: code
    if (got /= want .or. s /= 0) then
      print *, 'image', me, trim(what), ': got', got, 'expected', want, 'stat', s
      error stop code
    end if
  end subroutine chk
  subroutine rchk(got, want, what, code)
    real(8), intent(in) :: got, want
    character(len=*), intent(in) :: what
    integer, intent(in) :: code
    if (got /= want .or. s /= 0) then
      print *, 'image', me, trim(what), ': got', got, 'expected', want, 'stat', s
      error stop code
    end if
  end subroutine rchk
end program s_co_scalar
