"""Session-wide settings and fixtures: the Hypothesis profiles, and the PostgreSQL server of
the ``postgres``-marked tests.

Without PostgreSQL (no ``WONDERS_TEST_POSTGRES`` and no ``initdb`` to start one) those tests
are skipped with the reason; with ``WONDERS_REQUIRE_POSTGRES=1`` (CI) they fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests import pg_server

# Property tests. Locally ("dev"): a fresh random search every run, and the failures found are
# kept in .hypothesis/ and replayed first. In CI (CI set, as every CI service does; .ci/run sets
# it): derandomised and without an example database, so a clean clone passes or fails the same
# way every time; examples a random search once found are pinned with @example in the tests.
# HYPOTHESIS_PROFILE=ci reproduces a CI run locally. Registered here, before the test modules
# are imported, so every @settings(...) in them inherits the loaded profile.
settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
_in_ci = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _in_ci else "dev"))


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """A superuser URL of a PostgreSQL server for this test session."""
    reason = ""
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        reason = 'asyncpg is not installed (pip install -e ".[test]")'
    if not reason:
        try:
            with pg_server.server_url() as url:
                yield url
                return
        except (RuntimeError, OSError) as exc:
            reason = f"no PostgreSQL server: {exc}"
        except Exception as exc:  # e.g. initdb failed: say why in the skip
            reason = f"could not start PostgreSQL: {exc}"
    if pg_server.required():
        pytest.fail(f"PostgreSQL is required ({pg_server.ENV_REQUIRE}) but {reason}")
    pytest.skip(reason)


@pytest.fixture
def pg_url(pg_admin_url: str) -> Iterator[str]:
    """A fresh, empty database of the session's server (dropped afterwards). Synchronous, so
    that async fixtures can ask for it with ``request.getfixturevalue``."""
    url = pg_server.run_sync(pg_server.create_database(pg_admin_url))
    try:
        yield url
    finally:
        pg_server.run_sync(pg_server.drop_database(pg_admin_url, url))
