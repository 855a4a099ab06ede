/* The hashbench subcommands: each takes the arguments after its name
 * (argv[0] is the subcommand) and returns the process exit status. */
#ifndef HB_CLI_COMMANDS_H
#define HB_CLI_COMMANDS_H

int hb_cmd_list(int argc, char **argv);
int hb_cmd_sum(int argc, char **argv);
int hb_cmd_verify(int argc, char **argv);
int hb_cmd_bench(int argc, char **argv);
int hb_cmd_info(int argc, char **argv);
int hb_cmd_rng(int argc, char **argv);
int hb_cmd_files(int argc, char **argv);
int hb_cmd_tune(int argc, char **argv);
int hb_cmd_quality(int argc, char **argv);
int hb_cmd_bandwidth(int argc, char **argv);

#endif
