"""The OpenMP 5.1 OMPD debugger callbacks as ctypes declarations: the
types and the callback table of omp-tools.h that the package implements
for libparadbg (target.py).  Return codes come from libparadbg
(binding.rc_names).  tests/gdb-binding-abi.test checks these against the
C header."""
import ctypes as C

API_VERSION = 202011

rc_t = C.c_int
word_t = C.c_int64
addr_t = C.c_uint64
size_t = C.c_uint64
seg_t = C.c_uint64
wait_id_t = C.c_uint64
thread_id_t = C.c_uint64
icv_id_t = C.c_uint64
device_t = C.c_uint64
scope_t = C.c_int
handle_p = C.c_void_p          # every handle and context is opaque

THREAD_ID_PTHREAD = 0
THREAD_ID_LWP = 1
SEGMENT_UNSPECIFIED = 0


class Address(C.Structure):
    _fields_ = [("segment", seg_t), ("address", addr_t)]


class FrameInfo(C.Structure):
    _fields_ = [("frame_address", Address), ("frame_flag", word_t)]


class TypeSizes(C.Structure):
    _fields_ = [("sizeof_char", C.c_uint8), ("sizeof_short", C.c_uint8),
                ("sizeof_int", C.c_uint8), ("sizeof_long", C.c_uint8),
                ("sizeof_long_long", C.c_uint8), ("sizeof_pointer", C.c_uint8)]


alloc_fn = C.CFUNCTYPE(rc_t, size_t, C.POINTER(C.c_void_p))
free_fn = C.CFUNCTYPE(rc_t, C.c_void_p)
print_fn = C.CFUNCTYPE(rc_t, C.c_char_p, C.c_int)
sizeof_fn = C.CFUNCTYPE(rc_t, handle_p, C.POINTER(TypeSizes))
symbol_fn = C.CFUNCTYPE(rc_t, handle_p, handle_p, C.c_char_p, C.POINTER(Address), C.c_char_p)
read_fn = C.CFUNCTYPE(rc_t, handle_p, handle_p, C.POINTER(Address), size_t, C.c_void_p)
write_fn = C.CFUNCTYPE(rc_t, handle_p, handle_p, C.POINTER(Address), size_t, C.c_void_p)
convert_fn = C.CFUNCTYPE(rc_t, handle_p, C.c_void_p, size_t, size_t, C.c_void_p)
thread_context_fn = C.CFUNCTYPE(rc_t, handle_p, thread_id_t, size_t, C.c_void_p,
                                C.POINTER(C.c_void_p))


class Callbacks(C.Structure):
    _fields_ = [("alloc_memory", alloc_fn), ("free_memory", free_fn),
                ("print_string", print_fn), ("sizeof_type", sizeof_fn),
                ("symbol_addr_lookup", symbol_fn), ("read_memory", read_fn),
                ("write_memory", write_fn), ("read_string", read_fn),
                ("device_to_host", convert_fn), ("host_to_device", convert_fn),
                ("get_thread_context_for_thread_id", thread_context_fn)]
