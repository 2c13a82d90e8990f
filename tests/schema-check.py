#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Validate JSON files against mgtriage's schemas (doc/schema/*.json) with
# the Draft 2020-12 validator, after checking each schema itself.
#   schema-check.py SCHEMADIR NAME FILE [NAME FILE ...]
# NAME is a schema file's stem (report, timeline, ...).  One line per
# file: "ok NAME FILE" or "bad NAME FILE: PATH: MESSAGE"; exit 1 if any
# is bad, 2 if a schema is bad, 3 if jsonschema cannot be imported.
import glob
import json
import os
import sys

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError as e:
    print("schema-check: cannot import jsonschema (Debian: python3-jsonschema): %s" % e)
    sys.exit(3)


def main():
    sdir = sys.argv[1]
    schemas = {}
    for path in sorted(glob.glob(os.path.join(sdir, "*.schema.json"))):
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
        try:
            Draft202012Validator.check_schema(s)
        except jsonschema.exceptions.SchemaError as e:
            print("bad schema %s: %s" % (path, e.message))
            sys.exit(2)
        schemas[os.path.basename(path)[:-len(".schema.json")]] = s
    # The schemas refer to each other by relative $ref against their $id.
    try:
        from referencing import Registry, Resource
        reg = Registry().with_resources(
            (s["$id"], Resource.from_contents(s)) for s in schemas.values())
        make = lambda s: Draft202012Validator(s, registry=reg)
    except ImportError:
        store = {s["$id"]: s for s in schemas.values()}
        make = lambda s: Draft202012Validator(
            s, resolver=jsonschema.RefResolver.from_schema(s, store=store))
    validators = {n: make(s) for n, s in schemas.items()}
    bad = 0
    args = sys.argv[2:]
    for name, path in zip(args[0::2], args[1::2]):
        if name not in validators:
            print("bad %s %s: no schema named %s" % (name, path, name))
            bad += 1
            continue
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print("bad %s %s: not JSON: %s" % (name, path, e))
            bad += 1
            continue
        errs = sorted(validators[name].iter_errors(doc),
                      key=lambda e: list(e.absolute_path))
        if errs:
            e = errs[0]
            print("bad %s %s: %s: %s (%d errors)" % (name, path,
                  "/" + "/".join(str(p) for p in e.absolute_path),
                  e.message[:200], len(errs)))
            bad += 1
        else:
            print("ok %s %s" % (name, path))
    sys.exit(1 if bad else 0)


main()
