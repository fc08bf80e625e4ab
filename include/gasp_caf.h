/* The GASP event set of libparcaf's coarray (CAF) model.  Each event is
   listed once: X(NAME, value, types, arguments).  types says which of START,
   END and ATOMIC it is sent as; the arguments follow the position arguments
   of gasp_event_notify, the same for START and END.  libparcaf knows no
   source position, so filename is NULL and linenum and colnum are 0.
   Images are numbers in the initial team; sizes are bytes. */
#ifndef GASP_CAF_H
#define GASP_CAF_H

#include "gasp.h"

#define GASP_CAF_EVENTS(X)                                                          \
  X(GASP_CAF_SYNC_ALL,      0x4341001, "start,end", "void")                          \
  X(GASP_CAF_SYNC_IMAGES,   0x4341002, "start,end", "int count, const int *images (team indexes; count -1 for *)") \
  X(GASP_CAF_SYNC_MEMORY,   0x4341003, "atomic",    "void")                          \
  X(GASP_CAF_LOCK,          0x4341004, "start,end", "int image, const void *lock")   \
  X(GASP_CAF_UNLOCK,        0x4341005, "atomic",    "int image, const void *lock")   \
  X(GASP_CAF_CRITICAL,      0x4341006, "start,end", "const void *lock (START: waiting to enter, END: entered)") \
  X(GASP_CAF_END_CRITICAL,  0x4341007, "atomic",    "const void *lock")              \
  X(GASP_CAF_EVENT_POST,    0x4341008, "atomic",    "int image, const void *event")  \
  X(GASP_CAF_EVENT_WAIT,    0x4341009, "start,end", "const void *event, int until_count") \
  X(GASP_CAF_EVENT_QUERY,   0x434100a, "atomic",    "int image, const void *event")  \
  X(GASP_CAF_PUT,           0x434100b, "start,end", "int image, size_t bytes")       \
  X(GASP_CAF_GET,           0x434100c, "start,end", "int image, size_t bytes")       \
  X(GASP_CAF_SENDGET,       0x434100d, "start,end", "int dst_image, int src_image, size_t bytes") \
  X(GASP_CAF_CO_SUM,        0x434100e, "start,end", "int result_image (0: all), size_t bytes") \
  X(GASP_CAF_CO_MIN,        0x434100f, "start,end", "int result_image (0: all), size_t bytes") \
  X(GASP_CAF_CO_MAX,        0x4341010, "start,end", "int result_image (0: all), size_t bytes") \
  X(GASP_CAF_CO_REDUCE,     0x4341011, "start,end", "int result_image (0: all), size_t bytes") \
  X(GASP_CAF_CO_BROADCAST,  0x4341012, "start,end", "int source_image, size_t bytes") \
  X(GASP_CAF_REGISTER,      0x4341013, "start,end", "size_t bytes, int regtype, void *token (END only valid)") \
  X(GASP_CAF_DEREGISTER,    0x4341014, "start,end", "void *token")                   \
  X(GASP_CAF_ATOMIC_DEFINE, 0x4341015, "atomic",    "int image, const void *addr")   \
  X(GASP_CAF_ATOMIC_REF,    0x4341016, "atomic",    "int image, const void *addr")   \
  X(GASP_CAF_ATOMIC_CAS,    0x4341017, "atomic",    "int image, const void *addr")   \
  X(GASP_CAF_ATOMIC_OP,     0x4341018, "atomic",    "int image, const void *addr, int op (1 add, 2 and, 3 or, 4 xor)") \
  X(GASP_CAF_STOP,          0x4341019, "atomic",    "int code")                      \
  X(GASP_CAF_ERROR_STOP,    0x434101a, "atomic",    "int code")                      \
  X(GASP_CAF_FAIL_IMAGE,    0x434101b, "atomic",    "void")                          \
  X(GASP_CAF_FORM_TEAM,     0x434101c, "start,end", "int team_number")               \
  X(GASP_CAF_CHANGE_TEAM,   0x434101d, "start,end", "int team_number")               \
  X(GASP_CAF_END_TEAM,      0x434101e, "start,end", "int team_number")               \
  X(GASP_CAF_SYNC_TEAM,     0x434101f, "start,end", "int team_number")

enum gasp_caf_event {
#define GASP_CAF_EVENT_ENUM(name, value, types, args) name = value,
  GASP_CAF_EVENTS(GASP_CAF_EVENT_ENUM)
#undef GASP_CAF_EVENT_ENUM
};

#define GASP_CAF_FIRST_EVENT GASP_CAF_SYNC_ALL
#define GASP_CAF_LAST_EVENT GASP_CAF_SYNC_TEAM

#endif
