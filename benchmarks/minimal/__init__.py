"""The yardstick of benchmarks/api.py: the least a Django + DRF command endpoint can do.

Token authentication, Django's default middleware, and a POST that locks a row, appends one event with the
next sequence number under a unique key and bumps a version, in one transaction; a GET that reads the row.
It runs under the same gunicorn settings and PostgreSQL as the service, driven by the same clients.
"""
