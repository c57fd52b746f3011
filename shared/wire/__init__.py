"""What client and server agree on over the wire: the protocol (version, port, emotes, requests,
error codes), the JSON codec both ends give python-socketio, and the clock offset estimate."""
