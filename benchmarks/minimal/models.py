"""One row with a version, and its append-only events under UNIQUE(table, seq)."""

from __future__ import annotations

from django.db import models


class Table(models.Model):
    version = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "minimal"


class Entry(models.Model):
    table = models.ForeignKey(Table, on_delete=models.PROTECT)
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "minimal"
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="minimal_entry_unique_seq")]
