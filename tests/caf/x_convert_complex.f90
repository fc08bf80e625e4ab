! Conversions involving complex(4)/complex(8) across images.
program x_convert_complex
  implicit none
  integer, parameter :: n = 5
  complex(4) :: c4(n)[*], lc4(n)
  complex(8) :: c8(n)[*], lc8(n), z8
  real(8) :: r8(n)[*], lr8(n)
  integer :: i4(n)[*], li4(n), me, np, right, left, k
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  ! values: re = 10*me + k, im = -(me + 0.5*k); all exact in single precision
  do k = 1, n
    lc8(k) = cmplx(10*me + k, -(me + 0.5d0*k), 8)
    lc4(k) = cmplx(10*me + k, -(me + 0.5*k), 4)
    lr8(k) = 10*me + k + 0.25d0
    li4(k) = -(10*me + k)
  end do
  c4 = (0.0, 0.0); c8 = (0.0d0, 0.0d0); r8 = 0; i4 = 0
  sync all
  c4(:)[right] = lc8(:)     ! complex(8) -> complex(4)
  c8(:)[right] = lr8(:)     ! real(8)    -> complex(8), imaginary part zero
  r8(:)[right] = lc4(:)     ! complex(4) -> real(8), real part
  i4(:)[right] = lc8(:)     ! complex(8) -> integer, real part
  sync all
  do k = 1, n
    if (c4(k) /= cmplx(10*left + k, -(left + 0.5*k), 4)) then
      print *, 'image', me, ': c8->c4 put k=', k, c4(k)
      error stop 1
    end if
    if (c8(k) /= cmplx(10*left + k + 0.25d0, 0.0d0, 8)) then
      print *, 'image', me, ': r8->c8 put k=', k, c8(k)
      error stop 2
    end if
    if (r8(k) /= dble(10*left + k) .or. i4(k) /= 10*left + k) then
      print *, 'image', me, ': complex->real/int put k=', k, r8(k), i4(k)
      error stop 3
    end if
  end do
  sync all
  do k = 1, n
    c8(k) = cmplx(-k, 100*me, 8)
    c4(k) = cmplx(me, k, 4)
    i4(k) = 7*me - k
  end do
  sync all
  lc4(:) = c8(:)[left]      ! complex(8) -> complex(4)
  lc8(:) = c4(:)[left]      ! complex(4) -> complex(8)
  lr8(:) = c8(:)[left]      ! complex(8) -> real(8)
  li4(:) = c4(:)[left]      ! complex(4) -> integer
  z8 = i4(3)[left]          ! integer -> complex(8) scalar
  do k = 1, n
    if (lc4(k) /= cmplx(-k, 100*left, 4) .or. lc8(k) /= cmplx(left, k, 8)) then
      print *, 'image', me, ': complex get k=', k, lc4(k), lc8(k)
      error stop 4
    end if
    if (lr8(k) /= dble(-k) .or. li4(k) /= left) then
      print *, 'image', me, ': complex->real/int get k=', k, lr8(k), li4(k)
      error stop 5
    end if
  end do
  if (z8 /= cmplx(7*left - 3, 0, 8)) then
    print *, 'image', me, ': int->complex(8) scalar get', z8, 'expected', 7*left - 3
    error stop 6
  end if
  sync all
  if (me == 1) print '(a)', 'PASS convert_complex'
end program x_convert_complex
