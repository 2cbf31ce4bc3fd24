"""A bare DRF create, the REST bench's floor: the project's authentication (a knox token), its
default permission (authenticated), its JSON parser and renderer, a ModelSerializer with one
field checked, one INSERT; no transaction, no history row, no rules."""
from __future__ import annotations

from rest_framework import mixins, serializers, viewsets

from bench.bare.models import BareNote


class BareNoteSerializer(serializers.ModelSerializer):
    class Meta:
        model = BareNote
        fields = ["id", "text", "created_at"]


class BareNoteViewSet(mixins.CreateModelMixin, viewsets.GenericViewSet):
    serializer_class = BareNoteSerializer
    queryset = BareNote._default_manager.all()

    def perform_create(self, serializer):
        serializer.save(author=self.request.user)
