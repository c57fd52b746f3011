"""The durable store: SQLite alone, PostgreSQL in a cluster, and table passwords as stored."""
