/* hashbench files' outputs (files_output.c): the table a person reads and
 * the JSON record the results store ingests, both only reading the run
 * the harness filled (files/files_run.h). */
#ifndef HB_CLI_FILES_OUTPUT_H
#define HB_CLI_FILES_OUTPUT_H

#include <stdio.h>
#include "files/files_run.h"

void hb_files_table(FILE *f, const hb_files_run *run);
void hb_files_json(FILE *f, const hb_files_run *run);

#endif
