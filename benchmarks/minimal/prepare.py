"""`python -m benchmarks.minimal.prepare N`: create the tables (migrate, run_syncdb) and N players with a
token and a row each; prints them as JSON lines `[token, row id]`."""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.minimal.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from .models import Table

    call_command("migrate", run_syncdb=True, verbosity=0)
    for i in range(int(sys.argv[1])):
        user = User.objects.create_user(f"minimal{i}", password="bench-pass-123!")
        print(json.dumps([Token.objects.create(user=user).key, Table.objects.create().pk]))


if __name__ == "__main__":
    main()
