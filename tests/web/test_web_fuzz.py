"""A schema fuzz of the web API: schemathesis generates requests from the OpenAPI
schema (valid and invalid) and checks that no answer is a server error and that every
answer matches the schema's status codes, content types and bodies."""

from __future__ import annotations

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

APP = create_app(Limits(bid_samples=20, games=2, ai_samples=2, ai_seconds=0.05, wait=0.5))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

#: Examples per operation: enough to cross every field with bad values, small
#: enough for the default run.
EXAMPLES = 25


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_generated_request(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=(not_a_server_error, status_code_conformance,
                                   content_type_conformance, response_schema_conformance))
