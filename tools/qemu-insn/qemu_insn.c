/* qemu-insn: a QEMU TCG plugin that counts guest instructions exactly
 * between the start/stop markers the hashbench cross harness emits
 * (cross/harness/marker.h), so that start-up code and the C library stay
 * out of the figures.
 *
 *   qemu-aarch64 -plugin build/qemu-insn/libqemu_insn.so,out=counts.txt prog
 *
 * Every instruction gets an inline "add 1" to one counter (no helper call;
 * exact even when a translation block is left early).  At a START marker
 * the counter is noted; at the matching STOP the difference is written as
 * "hbinsn <record> <instructions>".  The difference includes the marker
 * call sequences themselves; the harness measures an empty region (record
 * 0) and the runner subtracts it.  A STOP without a START, a second START
 * or a record left open at exit is written as an "hbinsn-error" line.
 * The counter is global: the harness is single-threaded.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Copyright (C) 2026 the hashbench developers.  This program is free
 * software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation,
 * either version 2 of the License, or (at your option) any later version.
 * It is distributed WITHOUT ANY WARRANTY; see the GNU GPL for details.
 * (QEMU's plugin API is GPL-2.0-or-later and a plugin runs inside QEMU.)
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "qemu_plugin_api.h"
#include "marker.h"

HB_QEMU_PLUGIN_EXPORT int qemu_plugin_version = HB_QEMU_PLUGIN_API_VERSION;

static uint64_t insns;              /* guest instructions executed so far */
static uint64_t start_at;
static uint64_t open_record;
static int is_open;
static FILE *out;                   /* out=PATH, or QEMU's log (stderr) */

static void emit(const char *line)
{
    if (out) {
        fputs(line, out);
        fflush(out);                /* the guest may end with a raw exit */
    } else {
        qemu_plugin_outs(line);
    }
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    for (i = 0; i < n; i++)
        qemu_plugin_register_vcpu_insn_exec_inline(qemu_plugin_tb_get_insn(tb, i),
                                                   QEMU_PLUGIN_INLINE_ADD_U64, &insns, 1);
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                       uint64_t what, uint64_t record, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8)
{
    char line[96];
    (void)id; (void)vcpu; (void)a4; (void)a5; (void)a6; (void)a7; (void)a8;
    /* 32-bit guests pass 32-bit registers: compare the low word only */
    if (num != HB_MARK_NR || (uint32_t)a1 != (uint32_t)HB_MARK_MAGIC)
        return;
    record = (uint32_t)record;
    if ((uint32_t)what == HB_MARK_START) {
        if (is_open) {
            snprintf(line, sizeof line, "hbinsn-error start %" PRIu64 " while %" PRIu64 " is open\n",
                     record, open_record);
            emit(line);
        }
        is_open = 1;
        open_record = record;
        start_at = insns;
    } else if ((uint32_t)what == HB_MARK_STOP) {
        if (!is_open || record != open_record) {
            snprintf(line, sizeof line, "hbinsn-error stop %" PRIu64 " without its start\n", record);
            emit(line);
            is_open = 0;
            return;
        }
        is_open = 0;
        snprintf(line, sizeof line, "hbinsn %" PRIu64 " %" PRIu64 "\n", record, insns - start_at);
        emit(line);
    } else {
        snprintf(line, sizeof line, "hbinsn-error unknown marker %" PRIu64 "\n", what);
        emit(line);
    }
}

static void on_exit_cb(qemu_plugin_id_t id, void *userdata)
{
    char line[96];
    (void)id; (void)userdata;
    if (is_open) {
        snprintf(line, sizeof line, "hbinsn-error record %" PRIu64 " still open at exit\n", open_record);
        emit(line);
    }
    snprintf(line, sizeof line, "hbinsn-total %" PRIu64 "\n", insns);
    emit(line);
    if (out)
        fclose(out);
    out = NULL;
}

HB_QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                              int argc, char **argv)
{
    int i;
    char line[160];
    for (i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            out = fopen(argv[i] + 4, "w");
            if (!out) {
                fprintf(stderr, "qemu-insn: cannot write %s\n", argv[i] + 4);
                return -1;
            }
        } else {
            fprintf(stderr, "qemu-insn: unknown option '%s' (known: out=PATH)\n", argv[i]);
            return -1;
        }
    }
    if (info->system_emulation) {
        fprintf(stderr, "qemu-insn: made for user-mode emulation (qemu-ARCH), not system mode\n");
        return -1;
    }
    snprintf(line, sizeof line, "hbinsn-plugin api=%d target=%s\n", HB_QEMU_PLUGIN_API_VERSION,
             info->target_name);
    emit(line);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
    qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
    return 0;
}
