"""The players' calendar feeds: every deadline a player has, as an iCalendar (RFC 5545) feed at a secret,
revocable address that calendar apps poll (docs/calendar.md)."""
