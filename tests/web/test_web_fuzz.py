"""A schema fuzz of the web API: schemathesis generates requests from the OpenAPI
schema (valid and invalid) and checks that no answer is a server error and that every
answer matches the schema's status codes, content types and bodies."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from deberts.web.app import create_app  # noqa: E402
from deberts.web.limits import Limits  # noqa: E402

#: Each game's body is generated from its own model and examples, so a whole deal of
#: a long game (a first lead of minutes, say) is asked for: the app's time limit
#: answers it with the documented 503, soon.
APP = create_app(Limits(bid_samples=20, games=2, ai_samples=2, ai_seconds=0.05, wait=0.5,
                        seconds=2.0))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

#: Examples per operation: enough to cross every field with bad values, small
#: enough for the default run.
EXAMPLES = 25


@schemathesis.check
def no_server_error_but_the_time_limit(ctx: Any, response: Any, case: Any) -> bool | None:
    """No 5xx answer, but the documented 503 of work past the server's time limit."""
    error = response.json().get("error", "") if response.status_code == 503 else ""
    if error.startswith(("the work took longer than", "the search stopped at the server's limit")):
        return None
    return not_a_server_error(ctx, response, case)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_generated_request(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=(no_server_error_but_the_time_limit, status_code_conformance,
                                   content_type_conformance, response_schema_conformance))
