"""A server as one node of several: table leases and the node directory in Redis."""
