"""The GM's view of queued battle scenes (the battle-scene issue adds setting up and fighting)."""
from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from battles.models import BattleParticipant, BattleScene


class ParticipantInline(admin.TabularInline):
    model = BattleParticipant
    extra = 0
    fields = ["army", "side"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(BattleScene)
class BattleSceneAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "campaign", "status", "attacker_initiative", "defender_initiative",
                    "created_at"]
    list_filter = ["status", "campaign"]
    readonly_fields = ["campaign", "hex", "status", "gambit", "attacker_initiative",
                       "defender_initiative", "seed"]
    inlines = [ParticipantInline]

    def has_add_permission(self, request):
        return False  # scenes come from Offensive Gambits until the battle issue adds set-up
