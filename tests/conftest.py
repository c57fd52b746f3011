"""Settings for the whole suite: a picture the client cannot find is an error, not a placeholder
(the environment variable also reaches the clients the tests start as processes)."""

import os

os.environ["SOUPKITCHEN_STRICT_ART"] = "1"
