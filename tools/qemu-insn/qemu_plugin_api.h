/* Our own declarations of the part of QEMU's TCG plugin API that
 * qemu_insn.c uses, for the API QEMU 7.2 provides (plugin API version 1).
 * Debian ships QEMU without its qemu-plugin.h, so these were written from
 * the API documentation (docs/devel/tcg-plugins.rst) and checked against
 * the symbols qemu-aarch64 exports (nm -D).  Only what we call is here.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Copyright (C) 2026 the hashbench developers.  This program is free
 * software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation,
 * either version 2 of the License, or (at your option) any later version.
 * It is distributed WITHOUT ANY WARRANTY; see the GNU GPL for details.
 */
#ifndef HB_QEMU_PLUGIN_API_H
#define HB_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The version this plugin was written against; QEMU refuses to load a
 * plugin whose version is outside the range it supports. */
#define HB_QEMU_PLUGIN_API_VERSION 1

#define HB_QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;

/* What QEMU passes to qemu_plugin_install. */
typedef struct qemu_info_t {
    const char *target_name;        /* "aarch64", "mips64", ... */
    struct {
        int min;
        int cur;
    } version;                      /* plugin API versions QEMU accepts */
    bool system_emulation;
    /* anonymous in QEMU's header (a C11 feature); named here, same layout */
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    } u;
} qemu_info_t;

struct qemu_plugin_tb;              /* opaque: a translation block */
struct qemu_plugin_insn;            /* opaque: one guest instruction in it */

/* Inline operations QEMU emits into translated code (no call). */
enum qemu_plugin_op {
    QEMU_PLUGIN_INLINE_ADD_U64
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_syscall_cb_t)(qemu_plugin_id_t id, unsigned int vcpu_index,
                                              int64_t num, uint64_t a1, uint64_t a2,
                                              uint64_t a3, uint64_t a4, uint64_t a5,
                                              uint64_t a6, uint64_t a7, uint64_t a8);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op,
                                                void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_syscall_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_syscall_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);

#endif
