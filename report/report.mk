# The results store and the HTML report (report/, docs/report.md).
# Included by the top-level Makefile.
#
#   make report          ingest results/ and any QEMU / console results under build/
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

.PHONY: report report-env report-test report-quick-bench

report-env:
	sh tools/setup.sh report

# builds hashbench only when it has to measure
report-quick-bench: report-env
	@mkdir -p $(RESULTS)
	@if find $(RESULTS) -name '*.json' | grep -q .; then \
	    echo "report: using the results already in $(RESULTS)/"; \
	else \
	    out=$(RESULTS)/host-$$(date -u +%Y%m%dT%H%M%SZ).json; \
	    echo "report: no results in $(RESULTS)/ yet: a quick benchmark into $$out"; \
	    $(MAKE) -s $(BUILD)/hashbench || exit 1; \
	    $(BUILD)/hashbench $(REPORT_QUICK_BENCH) -o $$out; \
	fi

# besides results/, whatever the QEMU tier (make cross) and the consoles
# (make retro PLATFORM=...) have written
REPORT_MORE = $(wildcard $(BUILD)/cross/results $(BUILD)/retro/*/results.json)
# the screenshots a console run left beside its results.json
REPORT_SHOTS = $(RESULTS)/screenshots $(dir $(filter %/results.json,$(REPORT_MORE)))

report: report-quick-bench
	$(REPORT_CMD) ingest $(RESULTS) $(REPORT_MORE)
	$(REPORT_CMD) html -o $(REPORT_OUT)/index.html --summary $(REPORT_OUT)/summary.md \
	    $(foreach d,$(REPORT_SHOTS),--screenshots $(d))

report-test:
	sh tools/setup.sh test
	.venv/bin/python -m pytest -q -rs -p no:cacheprovider report/tests
