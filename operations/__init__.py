"""What the site's operator serves beside the games: the health probe, the Prometheus metrics and the legal
pages (imprint, privacy). A top-layer app: the probe and the metrics read the games' and the outbox's state."""
