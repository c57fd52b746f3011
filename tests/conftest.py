"""Settings for the whole suite: a picture the client cannot find is an error, not a placeholder
(the environment variable also reaches the clients the tests start as processes)."""

import os

os.environ["SOUPKITCHEN_STRICT_ART"] = "1"


def pytest_collection_modifyitems(items):
    """The long tests first (the packaging builds, then the rest marked slow), so that parallel
    workers do not end the run waiting on one of them started last."""
    def rank(item):
        if "packaging" in item.path.parts:
            return 0
        return 1 if item.get_closest_marker("slow") else 2
    items.sort(key=rank)
