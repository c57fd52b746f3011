"""The server's network side: its doors, the guard before the requests, the transport and its pushes, the
connections' registry, deltas, TLS and LAN discovery."""
