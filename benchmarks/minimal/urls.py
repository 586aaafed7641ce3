"""GET the row; POST a command: lock, append the next event, bump the version, one transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import path
from django.utils import timezone
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Entry, Table


class TableView(APIView):
    def get(self, request: Request, table_id: int) -> Response:
        table = Table.objects.get(pk=table_id)
        return Response({"id": table.pk, "version": table.version, "status": "active", "awaiting": [0],
                         "legal_commands": [{"type": "append"}]})


class CommandView(APIView):
    def post(self, request: Request, table_id: int) -> Response:
        data: Any = request.data
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=table_id)
            Entry.objects.create(table=table, seq=table.version + 1, data=data.get("command"))
            Table.objects.filter(pk=table.pk).update(version=table.version + 1)
        return Response({"version": table.version + 1, "created_at": timezone.now(), "awaiting": [0]}, status=201)


urlpatterns = [
    path("api/games/<int:table_id>/", TableView.as_view()),
    path("api/games/<int:table_id>/commands", CommandView.as_view()),
]
