"""Game hosting: a registry of game kinds, games as append-only event logs, services and the REST API."""
