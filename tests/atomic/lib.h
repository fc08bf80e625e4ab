/* The libatomic functions under C names of their own: calling
   __atomic_load_4 by its own name would be expanded inline by GCC. */
#ifndef ATOMIC_TEST_LIB_H
#define ATOMIC_TEST_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef unsigned __int128 u128;

#define FOR_SIZES(X) X(1, uint8_t) X(2, uint16_t) X(4, uint32_t) X(8, uint64_t) X(16, u128)
#define FOR_OPS(X, n, T) X(add, n, T) X(sub, n, T) X(and, n, T) X(or, n, T) X(xor, n, T) X(nand, n, T)

#define DECL_OP(op, n, T)                                                       \
  T lib_fetch_##op##_##n(T *, T, int) __asm__("__atomic_fetch_" #op "_" #n);    \
  T lib_##op##_fetch_##n(T *, T, int) __asm__("__atomic_" #op "_fetch_" #n);
#define DECL_SIZE(n, T)                                                                         \
  T lib_load_##n(T *, int) __asm__("__atomic_load_" #n);                                        \
  void lib_store_##n(T *, T, int) __asm__("__atomic_store_" #n);                                \
  T lib_exchange_##n(T *, T, int) __asm__("__atomic_exchange_" #n);                             \
  bool lib_compare_exchange_##n(T *, T *, T, int, int) __asm__("__atomic_compare_exchange_" #n); \
  bool lib_test_and_set_##n(T *, int) __asm__("__atomic_test_and_set_" #n);                     \
  FOR_OPS(DECL_OP, n, T)
FOR_SIZES(DECL_SIZE)

void lib_load(size_t, void *, void *, int) __asm__("__atomic_load");
void lib_store(size_t, void *, void *, int) __asm__("__atomic_store");
void lib_exchange(size_t, void *, void *, void *, int) __asm__("__atomic_exchange");
bool lib_compare_exchange(size_t, void *, void *, void *, int, int) __asm__("__atomic_compare_exchange");
bool lib_is_lock_free(size_t, void *) __asm__("__atomic_is_lock_free");
void lib_feraiseexcept(int) __asm__("__atomic_feraiseexcept");
bool lib_flag_test_and_set(volatile void *) __asm__("atomic_flag_test_and_set");
bool lib_flag_test_and_set_explicit(volatile void *, int) __asm__("atomic_flag_test_and_set_explicit");
void lib_flag_clear(volatile void *) __asm__("atomic_flag_clear");
void lib_flag_clear_explicit(volatile void *, int) __asm__("atomic_flag_clear_explicit");
void lib_thread_fence(int) __asm__("atomic_thread_fence");
void lib_signal_fence(int) __asm__("atomic_signal_fence");

#endif
