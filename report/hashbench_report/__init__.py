"""hashbench-report: the results store, run comparison and the HTML report.

Modules, one job each:
  record     reading and validating one results record (JSON)
  store      the SQLite / PostgreSQL store: tables, ingest, queries
  compare    two runs side by side with confidence intervals and a significance test
  platforms  platform names, their display order, and console builds in implementation names
  published  the published figures of earlier suites (data/reference/published.csv)
  rng        hashbench rng records: their table in the store and the report's section
  quality_record  reading and validating one hashbench quality record (JSON)
  quality    quality beside speed: the speed-against-quality charts and the summary's quality column
  dataset    what the report shows, gathered from the store (peers as the records flag them)
  charts     the plotly figures
  html       the self-contained HTML page
  summary    the platform table's columns, the top line and the Markdown summary
  cli        the `hashbench-report` command
"""

__version__ = "0.1.0"
