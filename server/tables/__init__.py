"""Tables in memory: each table, its runner (its only writer), the roster of tables, the lobby and play
requests, the clock's holds, absences, bots and the server's time."""
