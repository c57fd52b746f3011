"""The protocol's constants, light enough for the client to import at start-up (no pydantic)."""

PROTOCOL_VERSION = 1
DEFAULT_PORT = 8765
LAN_SERVICE = "_soupkitchen._tcp.local."  # the zeroconf service type servers advertise
EMOTES = ("disgusting", "delicious", "fine")
