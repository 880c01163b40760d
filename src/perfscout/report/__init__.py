"""The report: one self-contained HTML file and a Markdown version, in English or Chinese."""

from perfscout.report.collect import build, parse_analysis, read_analysis
from perfscout.report.data import Ceilings, ReportInput
from perfscout.report.run import report_from_run
from perfscout.report.write import ReportFiles, write_report

__all__ = ["Ceilings", "ReportFiles", "ReportInput", "build", "parse_analysis",
           "read_analysis", "report_from_run", "write_report"]
