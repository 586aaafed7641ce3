"""Players: a custom user model (email login), registration with email verification, API tokens."""
