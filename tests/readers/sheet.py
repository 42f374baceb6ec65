#!/usr/bin/env python3
"""Reads a spreadsheet the server wrote with readers that are not ours, for
the tests: an .xlsx workbook through openpyxl (every sheet, every cell as
the file stores it), a .csv through Python's csv module (its byte order
mark required, its separator found by csv.Sniffer from the heading line).
Prints {"sheets": [{"title": name, "rows": rows}, ...]} (in the
workbook's order) or {"separator": c, "rows": rows} as JSON.
"""
import csv
import io
import json
import sys


def workbook(path):
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    return {
        "sheets": [
            {"title": sheet.title, "rows": [list(row) for row in sheet.iter_rows(values_only=True)]}
            for sheet in book.worksheets
        ]
    }


def csv_file(path):
    raw = open(path, "rb").read()
    if not raw.startswith(b"\xef\xbb\xbf"):
        sys.exit("no UTF-8 byte order mark")
    text = raw.decode("utf-8-sig")
    separator = csv.Sniffer().sniff(text.splitlines()[0], delimiters=",;").delimiter
    rows = list(csv.reader(io.StringIO(text), delimiter=separator))
    return {"separator": separator, "rows": rows}


if __name__ == "__main__":
    path = sys.argv[1]
    print(json.dumps(workbook(path) if path.endswith(".xlsx") else csv_file(path)))
