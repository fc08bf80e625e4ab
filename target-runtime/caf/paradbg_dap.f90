! The module paradbg_dap: registering distributed arrays (paradbg/dap.h)
! from Fortran.  Interfaces, types and constants only, so a program needs
! nothing but libparcaf to link (paradbg-caf finds the module and links it).
!
! Fortran arrays are column-major and the protocol's dimensions C-ordered:
! register an array of shape (n1, n2, ..., nk) with its dimensions reversed,
! dim(1) describing nk and dim(k) describing n1.  Strings are C strings:
! end the name and the typestr with c_null_char.  Example, a 1-D block
! distribution of x(0:m+1) with one halo element on each side, periodic,
! over all images:
!
!   use paradbg_dap
!   real(c_double), allocatable, target :: x(:)[:]
!   character(kind=c_char, len=8), target :: name = 'x' // c_null_char
!   character(kind=c_char, len=4), target :: typestr = '<f8' // c_null_char
!   type(paradbg_dap_dim), target :: d(1)
!   character(kind=c_char, len=128) :: msg
!   integer(c_int) :: id, stat
!   ...
!   ! x(1:m) is this image's own part; x(0) and x(m+1) are halos, except on
!   ! the first and the last image, where they are boundary padding, which
!   ! the protocol counts in size
!   d(1) = paradbg_dap_dim(dist_type='b', size=m * num_images() + 2, &
!                          proc_grid_size=num_images(), proc_grid_rank=this_image() - 1, &
!                          start=(this_image() - 1) * m, stop=(this_image() - 1) * m + m + 2, &
!                          padding=[1, 1], periodic=1, extent=m + 2)
!   id = paradbg_dap_register(paradbg_dap_array(c_loc(name), c_loc(typestr), c_loc(x), 1, &
!                                               c_loc(d), -1, -1), stat, msg, len(msg, c_size_t))
!   if (stat /= 0) print *, msg(1:index(msg, c_null_char) - 1)
!   ...
!   stat = paradbg_dap_drop(id)        ! before x is deallocated
!
! rank and nprocs -1 mean this_image() - 1 and num_images().  Without the
! stat argument a refusal prints one line on stderr (and returns 0):
!   id = paradbg_dap_register(array, errmsg_len=0_c_size_t)
! (errmsg_len is always given: 0 without errmsg).  The
! buffer, and a 'u' dimension's indices until the call returns, must be
! contiguous (c_loc of a whole allocatable or explicit-shape array).
module paradbg_dap
  use, intrinsic :: iso_c_binding
  implicit none

  integer(c_int), parameter :: PARADBG_DAP_MAX_DIMS = 16
  integer(c_int), parameter :: PARADBG_DAP_NAME_MAX = 64
  integer(c_int), parameter :: PARADBG_DAP_TYPESTR_MAX = 16
  integer(c_int), parameter :: PARADBG_DAP_EINVAL = 1
  integer(c_int), parameter :: PARADBG_DAP_ENOMEM = 2

  ! struct paradbg_dap_dim: one dimension, as the protocol's dictionary has
  ! it, plus the buffer's extent in that dimension.  periodic and one_to_one
  ! are 0 or 1; indices is c_loc of an integer(c_int64_t) array of the
  ! global indices of a 'u' dimension (copied at registration).
  type, bind(C) :: paradbg_dap_dim
    character(kind=c_char) :: dist_type = 'b'
    integer(c_signed_char) :: periodic = 0_c_signed_char
    integer(c_signed_char) :: one_to_one = 0_c_signed_char
    integer(c_int64_t) :: size = 0
    integer(c_int64_t) :: proc_grid_size = 1
    integer(c_int64_t) :: proc_grid_rank = 0
    integer(c_int64_t) :: start = 0
    integer(c_int64_t) :: stop = 0
    integer(c_int64_t) :: padding(2) = 0
    integer(c_int64_t) :: block_size = 0
    type(c_ptr) :: indices = c_null_ptr
    integer(c_int64_t) :: extent = 0
  end type paradbg_dap_dim

  ! struct paradbg_dap_array: name and typestr are c_loc of NUL-terminated
  ! strings, dim c_loc of ndim paradbg_dap_dim.
  type, bind(C) :: paradbg_dap_array
    type(c_ptr) :: name = c_null_ptr
    type(c_ptr) :: typestr = c_null_ptr
    type(c_ptr) :: buffer = c_null_ptr
    integer(c_int) :: ndim = 0
    type(c_ptr) :: dim = c_null_ptr
    integer(c_int) :: rank = -1
    integer(c_int) :: nprocs = -1
  end type paradbg_dap_array

  interface
    ! The id (> 0), or 0 when refused: then stat (if present) is
    ! PARADBG_DAP_EINVAL or PARADBG_DAP_ENOMEM and errmsg (if present) the
    ! reason, NUL-terminated within errmsg_len characters.
    integer(c_int) function paradbg_dap_register(array, stat, errmsg, errmsg_len) &
        bind(C, name='paradbg_dap_register')
      import :: c_int, c_char, c_size_t, paradbg_dap_array
      type(paradbg_dap_array), intent(in) :: array
      integer(c_int), intent(out), optional :: stat
      character(kind=c_char), intent(out), optional :: errmsg(*)
      integer(c_size_t), value :: errmsg_len
    end function paradbg_dap_register

    ! 0, or PARADBG_DAP_EINVAL for an id that is not registered.
    integer(c_int) function paradbg_dap_drop(id, stat) bind(C, name='paradbg_dap_drop')
      import :: c_int
      integer(c_int), value :: id
      integer(c_int), intent(out), optional :: stat
    end function paradbg_dap_drop
  end interface
end module paradbg_dap
