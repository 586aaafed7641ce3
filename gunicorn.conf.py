"""gunicorn's settings, read from the checkout by any `gunicorn config.wsgi` started here: its own lines go
through the site's formatter (JSON lines with LOG_FORMAT=json, the links' secrets masked), as uvicorn's do."""

from pathlib import Path

logconfig_json = str(Path(__file__).resolve().parent / "deploy" / "server-logging.json")
