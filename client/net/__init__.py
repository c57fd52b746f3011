"""The client's side of the network: the connection, a table's session, the ways into a game (embedded server,
host, join), LAN discovery, invite links, TLS, UPnP and the server's clock."""
