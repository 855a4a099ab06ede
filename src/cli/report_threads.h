/* The threaded parts of a bench run in the table and the JSON record
 * (report_threads.c). */
#ifndef HB_CLI_REPORT_THREADS_H
#define HB_CLI_REPORT_THREADS_H

#include <stdio.h>
#include "cli/bench_run.h"

/* after the measurement rows: the copies' aggregate, the scaling, the load */
void hb_report_threads_table(FILE *f, const hb_run *run, const hb_cell **cells);
/* inside "context": "cpu_load": {...}, with its comma */
void hb_report_threads_json_context(FILE *f, const hb_run *run);
/* inside "settings", each with its leading comma */
void hb_report_threads_json_settings(FILE *f, const hb_run *run);
/* inside a result, each with its leading comma */
void hb_report_threads_json_cell(FILE *f, const hb_cell *c);

#endif
