"""The OpenMP 5.1 OMPD ABI as ctypes declarations: the types, return codes,
scopes and callback table of omp-tools.h, and the prototype of each entry
point the bridge loads.  The entry-point names must match
include/paradbg/ompd-api.h; tests/gdb-plugin-abi.test checks that."""
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

RC_NAMES = ("ok", "unavailable", "stale_handle", "bad_input", "error",
            "unsupported", "needs_state_tracking", "incompatible",
            "device_read_error", "device_write_error", "nomem", "incomplete",
            "callback_error")
RC = {name: value for value, name in enumerate(RC_NAMES)}

SCOPE = {"global": 1, "address_space": 2, "thread": 3, "parallel": 4,
         "implicit_task": 5, "task": 6}

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


P = C.POINTER
_H = handle_p
_PH = P(C.c_void_p)
_STR = P(C.c_char_p)

# name: argument types; every entry point returns ompd_rc_t
PROTOTYPES = {
    "ompd_initialize": (word_t, P(Callbacks)),
    "ompd_get_api_version": (P(word_t),),
    "ompd_get_version_string": (_STR,),
    "ompd_finalize": (),
    "ompd_process_initialize": (_H, _PH),
    "ompd_device_initialize": (_H, _H, device_t, size_t, C.c_void_p, _PH),
    "ompd_rel_address_space_handle": (_H,),
    "ompd_get_omp_version": (_H, P(word_t)),
    "ompd_get_omp_version_string": (_H, _STR),
    "ompd_get_thread_in_parallel": (_H, C.c_int, _PH),
    "ompd_get_thread_handle": (_H, thread_id_t, size_t, C.c_void_p, _PH),
    "ompd_rel_thread_handle": (_H,),
    "ompd_thread_handle_compare": (_H, _H, P(C.c_int)),
    "ompd_get_thread_id": (_H, thread_id_t, size_t, C.c_void_p),
    "ompd_get_curr_parallel_handle": (_H, _PH),
    "ompd_get_enclosing_parallel_handle": (_H, _PH),
    "ompd_get_task_parallel_handle": (_H, _PH),
    "ompd_rel_parallel_handle": (_H,),
    "ompd_parallel_handle_compare": (_H, _H, P(C.c_int)),
    "ompd_get_curr_task_handle": (_H, _PH),
    "ompd_get_generating_task_handle": (_H, _PH),
    "ompd_get_scheduling_task_handle": (_H, _PH),
    "ompd_get_task_in_parallel": (_H, C.c_int, _PH),
    "ompd_rel_task_handle": (_H,),
    "ompd_task_handle_compare": (_H, _H, P(C.c_int)),
    "ompd_get_task_function": (_H, P(Address)),
    "ompd_get_task_frame": (_H, P(FrameInfo), P(FrameInfo)),
    "ompd_enumerate_states": (_H, word_t, P(word_t), _STR, P(word_t)),
    "ompd_get_state": (_H, P(word_t), P(wait_id_t)),
    "ompd_get_display_control_vars": (_H, P(P(C.c_char_p))),
    "ompd_rel_display_control_vars": (P(P(C.c_char_p)),),
    "ompd_enumerate_icvs": (_H, icv_id_t, P(icv_id_t), _STR, P(scope_t), P(C.c_int)),
    "ompd_get_icv_from_scope": (_H, scope_t, icv_id_t, P(word_t)),
    "ompd_get_icv_string_from_scope": (_H, scope_t, icv_id_t, _STR),
    "ompd_get_tool_data": (_H, scope_t, P(word_t), P(Address)),
}


def rc_name(rc):
    return "ompd_rc_" + RC_NAMES[rc] if 0 <= rc < len(RC_NAMES) else "ompd_rc %d" % rc
