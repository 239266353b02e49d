"""How much generated input the property tests draw, set in one place.

Each property test names its full budget (``max_examples=examples(1500)``); the profile chosen by
the environment variable ``HYPOTHESIS_PROFILE`` scales it:

- ``ci``: the full budgets, and schemathesis's coverage phase where a test asks for it. CI runs this.
- ``dev`` (the default): a quarter of each budget (at least ``FLOOR`` examples), for a run in
  minutes on a developer's machine. The same tests run; only the number of drawn examples falls.

Both profiles are registered with Hypothesis (``tests/conftest.py`` loads the chosen one), so a
test without a budget of its own follows the profile too.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILES = {"dev": 0.25, "ci": 1.0}
FLOOR = 5

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
if PROFILE not in PROFILES:
    raise ValueError(f"HYPOTHESIS_PROFILE must be one of {', '.join(PROFILES)}, not {PROFILE!r}")
SCALE = PROFILES[PROFILE]
FULL = PROFILE == "ci"


def examples(full: int) -> int:
    """The number of examples a test with this full budget draws under the chosen profile."""
    return full if FULL else min(full, max(FLOOR, round(full * SCALE)))


settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=examples(100), deadline=None)
settings.load_profile(PROFILE)
