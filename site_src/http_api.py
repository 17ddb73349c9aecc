"""The HTTP API page of the reference site, made from the app itself: every endpoint
of its OpenAPI schema with its method and path, what it does, its parameters and
request fields with their meanings, and a real exchange: the request body's example
from the schema sent to the app at build time, and the answer it gave. The games'
endpoints are shown on one game, started, asked, answered and ended in turn, and the
jobs' on one job, started, asked and stopped."""

from __future__ import annotations

import json
from typing import Any

#: The answer of the app's handler for a request the framework refused: a 400 as
#: every bad input (the schema's 422 is never sent).
REFUSED_BY_FRAMEWORK = "422"
#: Long strings (an SVG) and lists in the answers shown are cut to these lengths.
LONGEST_STRING = 100
LONGEST_LIST = 6


def shortened(value: Any) -> Any:
    """An answer as the page shows it: long strings and lists cut, saying so."""
    if isinstance(value, str) and len(value) > LONGEST_STRING:
        return f"{value[:60]}... ({len(value):,} characters)"
    if isinstance(value, list):
        kept = [shortened(item) for item in value[:LONGEST_LIST]]
        left = len(value) - LONGEST_LIST
        return kept + ([f"... ({left} more)"] if left > 0 else [])
    if isinstance(value, dict):
        return {key: shortened(item) for key, item in value.items()}
    return value


def type_text(schema: dict[str, Any], schemas: dict[str, Any]) -> str:
    """A JSON schema's type in words: ``string``, ``list of string``, ``Line``."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "oneOf" in schema:
        return " or ".join(type_text(option, schemas) for option in schema["oneOf"])
    if "anyOf" in schema:
        kinds = [type_text(option, schemas) for option in schema["anyOf"]]
        return " or ".join(kind for kind in kinds if kind != "null") + (
            " (or null)" if "null" in kinds else "")
    kind = schema.get("type", "any")
    if kind == "array":
        return f"list of {type_text(schema.get('items', {}), schemas)}"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"object of {type_text(schema['additionalProperties'], schemas)}"
    return str(kind)


def fields_table(schema: dict[str, Any], schemas: dict[str, Any]) -> list[str]:
    required = set(schema.get("required", ()))
    rows = ["| field | type | default | meaning |", "|---|---|---|---|"]
    for name, field in schema.get("properties", {}).items():
        default = "(needed)" if name in required else json.dumps(field.get("default"))
        rows.append(f"| `{name}` | {type_text(field, schemas)} | `{default}` | "
                    f"{field.get('description', '').replace(chr(10), ' ')} |")
    return rows


def body_models(operation: dict[str, Any], schemas: dict[str, Any]) -> list[str]:
    """The names of an operation's request body models: one, or each game's own for a
    position of any game (a ``oneOf`` of them)."""
    content = operation.get("requestBody", {}).get("content", {})
    schema = content.get("application/json", {}).get("schema", {})
    return [option["$ref"].rsplit("/", 1)[-1] for option in schema.get("oneOf", [schema])
            if "$ref" in option]


def exchanges(app: Any) -> dict[tuple[str, str], tuple[Any, int, Any]]:
    """A real request and answer for every endpoint, by (method, path): each body's
    example of the schema, and a game's endpoints on one game played a step; then,
    under ``("error", ...)``, a bad position and the game once it has ended."""
    from fastapi.testclient import TestClient

    schema = app.openapi()
    found: dict[tuple[str, str], tuple[Any, int, Any]] = {}
    with TestClient(app) as client:
        def ask(method: str, path: str, url: str, body: Any = None,
                headers: dict[str, str] | None = None) -> Any:
            sent = method if method != "error" else "POST" if body is not None else "GET"
            answer = client.request(sent, url, json=body, headers=headers)
            found[(method, path)] = ({"url": url, "body": body, "headers": headers or {}},
                                     answer.status_code, answer.json())
            return answer.json()

        for path, operations in schema["paths"].items():
            for method, operation in operations.items():
                names = body_models(operation, schema["components"]["schemas"])
                if "{game_id}" in path or "{job_id}" in path or not names:
                    continue
                model = schema["components"]["schemas"][names[0]]
                ask(method.upper(), path, path, model["examples"][0])
        game = found[("POST", "/api/games")][2]["id"]
        one = "/api/games/{game_id}"
        state = ask("GET", one, f"/api/games/{game}?wait=5")
        options = (state.get("decision") or {}).get("options") or ["pass"]
        ask("POST", f"{one}/answer", f"/api/games/{game}/answer", {"answer": options[0]})
        ask("POST", f"{one}/deal", f"/api/games/{game}/deal")
        ask("DELETE", one, f"/api/games/{game}")
        started = found[("POST", "/api/jobs")][2]
        job, secret = started["id"], {"X-Job-Secret": started["secret"]}
        ask("GET", "/api/jobs", "/api/jobs")
        ask("GET", "/api/jobs/{job_id}", f"/api/jobs/{job}", headers=secret)
        ask("DELETE", "/api/jobs/{job_id}", f"/api/jobs/{job}", headers=secret)
        ask("error", "400", "/api/solve", {"hands": ["Q.AKQT.A.AJ7", "Q.8.T987.QT8"],
                                          "trump": "H", "declarer": 0, "leader": 1})
        ask("error", "404", f"/api/games/{game}")
    return found


def page() -> str:
    """The Markdown of the HTTP API page."""
    from deberts.web.app import create_app

    app = create_app()
    schema = app.openapi()
    schemas = schema["components"]["schemas"]
    seen = exchanges(app)
    lines = [
        "# HTTP API", "",
        "`deberts serve` runs the board and this JSON API on 127.0.0.1:8000. Every "
        "answer is the CLI's `--json` object; every error is `{\"error\": \"...\"}`, "
        "the library's one-line message, with status 400 for bad input (a body the "
        "framework cannot read included), 404 for a game that has ended and 503 for "
        "work past the server's time limit. `?board=true` adds `svg`, the drawing. The "
        "running server has this reference at `/docs` and the schema at "
        "`/openapi.json`.", "",
        "The exchanges below are real: each request was sent to the app when this "
        "page was built, and the answer is what it gave (long strings and lists cut).",
        "", "Two errors, a bad position and a game that has ended:", "",
    ]
    for wanted in ("400", "404"):
        request, code, answer = seen[("error", wanted)]
        method = "POST" if request["body"] is not None else "GET"
        lines += ["```", f"{method} {request['url']}",
                  *([json.dumps(request["body"])] if request["body"] is not None else []),
                  "```", "", f"Answer, status {code}: `{json.dumps(answer)}`", ""]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            lines += [f"## {method.upper()} {path}", "", operation.get("summary", ""), ""]
            parameters = operation.get("parameters", [])
            if parameters:
                lines += ["| parameter | in | type | default |", "|---|---|---|---|"]
                lines += [f"| `{p['name']}` | {p['in']} | {type_text(p['schema'], schemas)} | "
                          f"`{json.dumps(p['schema'].get('default'))}` |" for p in parameters]
                lines.append("")
            names = body_models(operation, schemas)
            if len(names) > 1:
                lines += ["Request body: a position of any game, one of "
                          + ", ".join(f"`{name}`" for name in names)
                          + " (chosen by its `game` field).", ""]
            for name in names:
                model = schemas[name]
                lines += [f"Request body: `{name}`. {model.get('description', '')}".strip(), "",
                          *fields_table(model, schemas), ""]
            request, status, answer = seen[(method.upper(), path)]
            lines += ["Example:", "", "```", f"{method.upper()} {request['url']}",
                      *(f"{name}: {value}" for name, value in request["headers"].items()),
                      *([json.dumps(request["body"])] if request["body"] else []),
                      "```", "", f"Answer, status {status}:", "", "```json",
                      json.dumps(shortened(answer), indent=2, ensure_ascii=False), "```", ""]
            errors = [f"{code} ({response['description']})"
                      for code, response in operation.get("responses", {}).items()
                      if code not in ("200", REFUSED_BY_FRAMEWORK)]
            lines += [f"Errors: {', '.join(errors)}.", ""]
    lines += ["## Models", "", "The request bodies' nested types.", ""]
    for name in [*body_models(schema["paths"]["/api/solve"]["post"], schemas), "Error"]:
        lines += [f"### {name}", "", schemas[name].get("description", ""), "",
                  *fields_table(schemas[name], schemas), ""]
    return "\n".join(lines)
