"""Parses a DBLP dump the way public DBLP conflict checkers do (HexHive/inquisitor, the
CSrankings scripts): lxml.etree.iterparse with the DTD loaded (dblp.dtd beside the file)
for its entities, each record cleared once read. Run by the DBLP benchmark:

    python3 lxml-iterparse.py FILE fields|clear

'fields' reads every record's key and every field's text (titles with their markup
flattened), about the work Recuse's parser does; 'clear' only clears records: lxml's
floor. Prints one JSON line with the same keys as parse-worker.ts.
"""
import json
import os
import resource
import sys
import time

from lxml import etree

RECORDS = frozenset(
    "article inproceedings proceedings book incollection phdthesis mastersthesis"
    " www person data".split()
)


def read_fields_of(element):
    """Each field's text, as the public tools read it; titles through itertext (markup)."""
    return [
        (child.tag, "".join(child.itertext()) if child.tag == "title" else child.text)
        for child in element
    ]


def parse(path, read_fields):
    records = 0
    context = etree.iterparse(
        path, events=("end",), load_dtd=True, resolve_entities=True, huge_tree=True
    )
    for _, element in context:
        if element.tag not in RECORDS:
            continue
        records += 1
        if read_fields:
            record = (element.tag, element.get("key"), read_fields_of(element))
            del record
        element.clear()
        while element.getprevious() is not None:
            del element.getparent()[0]
    return records


def main():
    path, mode = sys.argv[1], sys.argv[2]
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    started, cpu_started = time.perf_counter(), time.process_time()
    records = parse(path, mode == "fields")
    result = {
        "bytes": os.path.getsize(path),
        "records": records,
        "warnings": 0,
        "wallSeconds": time.perf_counter() - started,
        "cpuSeconds": time.process_time() - cpu_started,
        "peakRssBytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "baselineRssBytes": baseline,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
