"""What every app shares, below them all: the error type, the API's plumbing (errors as JSON, parsers,
throttles, the schema), links, the registry type of the extension points, the middleware, logs and metrics,
and the shared base templates, static files and the project's own catalogue. It imports no app of the
project."""
