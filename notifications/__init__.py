"""Game emails (turn, reminder, deadline passed, started, ended, digest) through a transactional outbox."""
