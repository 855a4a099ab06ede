# The results store and the HTML report (report/, docs/report.md).
# Included by the top-level Makefile.
#
#   make report          ingest results/ (results and quality records) and any QEMU / console results under build/
#                        (a quick benchmark first if results/ holds none),
#                        write build/report/index.html and build/report/summary.md
#   make report-test     the report package's tests (SQLite, PostgreSQL, headless Chromium)
#
#   make report REPORT_DB=postgresql://user@host/db    the store on PostgreSQL instead of SQLite

RESULTS     ?= results
REPORT_OUT  ?= $(BUILD)/report
REPORT_DB   ?= $(or $(HASHBENCH_DB),$(RESULTS)/hashbench.sqlite)
REPORT_CMD   = .venv/bin/hashbench-report --db '$(REPORT_DB)'
# what `make report` measures when there is nothing to report yet: every
# algorithm and implementation, five sizes, about half a minute
REPORT_QUICK_BENCH = bench --impl all -s 64,256,1K,8K,64K --budget 30 --format json

.PHONY: report report-env report-test report-quick-bench report-inputs

report-env:
	sh tools/setup.sh report

# builds hashbench only when it has to measure (a quality record alone,
# results/quality-*.json, is no speed figure: it still measures)
report-quick-bench: report-env
	@mkdir -p $(RESULTS)
	@if find $(RESULTS) -name '*.json' ! -name 'quality-*.json' | grep -q .; then \
	    echo "report: using the results already in $(RESULTS)/"; \
	else \
	    out=$(RESULTS)/host-$$(date -u +%Y%m%dT%H%M%SZ).json; \
	    echo "report: no results in $(RESULTS)/ yet: a quick benchmark into $$out"; \
	    $(MAKE) -s $(BUILD)/hashbench || exit 1; \
	    $(BUILD)/hashbench $(REPORT_QUICK_BENCH) -o $$out; \
	fi

# besides results/, whatever the QEMU tier (make cross) and the consoles
# have written: every results.json below build/retro, at any depth, so the
# console test tiers' runs (build/retro/gb-test/gambatte/, .../run1/, ...)
# are found as well as `make retro PLATFORM=...`'s (build/retro/<platform>/)
REPORT_RETRO = $(sort $(shell find $(BUILD)/retro -name results.json -type f 2>/dev/null))
REPORT_MORE = $(wildcard $(BUILD)/cross/results) $(REPORT_RETRO)
# the screenshots a console run left beside its results.json
REPORT_SHOTS = $(RESULTS)/screenshots $(dir $(REPORT_RETRO))

report: report-quick-bench
	$(REPORT_CMD) ingest $(RESULTS) $(REPORT_MORE)
	$(REPORT_CMD) html -o $(REPORT_OUT)/index.html --summary $(REPORT_OUT)/summary.md \
	    $(foreach d,$(REPORT_SHOTS),--screenshots $(d))

# what `make report` ingests besides results/, one a line (the console tests
# check that their records are among them: platforms/common/console_checks.py)
report-inputs:
	@for f in $(REPORT_MORE); do echo "$$f"; done

report-test:
	sh tools/setup.sh test
	.venv/bin/python -m pytest -q -rs -p no:cacheprovider report/tests
