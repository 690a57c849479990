#!/usr/bin/env python3
"""Checks the REST calls the bot made to the fake Discord against Discord's OpenAPI description.

A developer's tool, not a test. The fake writes every call it receives, a JSON line each, to the
file NADARE_FAKE_DISCORD_RECORD names; this script finds each call's operation in the
description (discord/discord-api-spec, specs/openapi.json, downloaded beforehand) and checks its
JSON body (or a multipart call's payload_json) against the operation's request schema:

    NADARE_FAKE_DISCORD_RECORD=/tmp/calls.jsonl \\
        cargo test -p nadare-tests --test it -- e2e_discord
    scripts/check-discord-requests.py openapi.json /tmp/calls.jsonl

Discord reads ids and permission sets written either as numbers or as strings of digits (the
description types snowflakes as strings, a command's `default_member_permissions` as an
integer, and serenity writes an upload's attachment id as its index number): the check takes
both. It prints the calls per operation and each kind of violation with how often it was seen (the
field and the deepest reason the schema gives), and exits with 1 when there is one. Calls the
description does not know (the fake's own routes) are listed apart. Needs the `jsonschema`
package.
"""

import json
import re
import sys
from collections import Counter

import jsonschema

API = "/api/v10"


def templates(spec):
    """Each path of the description as a regex, with its operations by method."""
    for path, item in spec["paths"].items():
        pattern = re.sub(r"\{[^}]+\}", r"[^/]+", re.escape(path).replace(r"\{", "{").replace(r"\}", "}"))
        yield re.compile(f"^{pattern}$"), path, item


def operation(spec_paths, method, path):
    """The description's path and operation for a call, or None."""
    for regex, template, item in spec_paths:
        if regex.match(path) and method.lower() in item:
            return template, item[method.lower()]
    return None


def body_schema(operation_item, multipart):
    """The request schema of an operation for a JSON or multipart call, if it has one."""
    content = operation_item.get("requestBody", {}).get("content", {})
    kind = "multipart/form-data" if multipart else "application/json"
    schema = content.get(kind, content.get("application/json", {})).get("schema")
    return schema


def digits(instance):
    """Whether `instance` is a whole number, as a number or a string of digits."""
    if isinstance(instance, bool):
        return False
    return isinstance(instance, int) or (isinstance(instance, str) and instance.isdigit())


def lenient_type(validator, types, instance, schema):
    """JSON Schema's `type`, taking an id or a permission set as a number or as digits."""
    wanted = types if isinstance(types, list) else [types]
    numeric = schema.get("format") == "snowflake" or (
        "integer" in wanted and schema.get("maximum", 0) > 2**31
    )
    if numeric and digits(instance):
        return
    yield from jsonschema.Draft202012Validator.VALIDATORS["type"](
        validator, types, instance, schema
    )


def lenient_pattern(validator, pattern, instance, schema):
    """JSON Schema's `pattern`, for strings only (a snowflake may come as a number)."""
    if isinstance(instance, str):
        yield from jsonschema.Draft202012Validator.VALIDATORS["pattern"](
            validator, pattern, instance, schema
        )


Lenient = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    validators={"type": lenient_type, "pattern": lenient_pattern},
)


def validator(spec, schema):
    """A validator of `schema`, its references resolved in the description."""
    rooted = dict(schema)
    rooted["components"] = spec.get("components", {})
    return Lenient(rooted)


def main(spec_file, calls_file):
    with open(spec_file, encoding="utf-8") as f:
        spec = json.load(f)
    spec_paths = list(templates(spec))
    seen, unknown, violations = Counter(), Counter(), Counter()
    with open(calls_file, encoding="utf-8") as f:
        for line in f:
            call = json.loads(line)
            path = call["path"] if call["path"].startswith(API) else API + call["path"]
            found = operation(spec_paths, call["method"], path[len(API):])
            if found is None:
                unknown[f'{call["method"]} {call["path"]}'] += 1
                continue
            template, item = found
            name = f'{call["method"]} {template}'
            seen[name] += 1
            schema = body_schema(item, bool(call["files"]))
            if schema is None or call["json"] is None:
                continue
            body = call["json"]
            if call["files"] and "payload_json" in schema.get("properties", {}):
                schema = schema["properties"]["payload_json"]
            for error in validator(spec, schema).iter_errors(body):
                where = "/".join(
                    "N" if isinstance(p, int) else str(p) for p in error.absolute_path
                )
                reason = error.message if len(error.message) < 120 else f"fails {error.validator}"
                violations[f"{name}: {where or '(body)'}: {reason}"] += 1
    for name, count in sorted(seen.items()):
        print(f"{count:6} {name}")
    if unknown:
        print("\nNot in the description:")
        for name, count in sorted(unknown.items()):
            print(f"{count:6} {name}")
    total = sum(seen.values())
    print(f"\n{total} calls, {len(seen)} operations, {sum(violations.values())} violations")
    for violation, count in sorted(violations.items()):
        print(f"{count:6} {violation}")
    return 1 if violations else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
