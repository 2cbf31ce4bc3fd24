"""Battle scenes. An Offensive Gambit queues one right after its kingdom turn; the battle-scene
issue adds the engine that fights it, the plans and the round-by-round log."""
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class SceneStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RESOLVING = "resolving", _("resolving")
    RESOLVED = "resolved", _("resolved")
    FAILED = "failed", _("failed")


class Side(models.TextChoices):
    ATTACKER = "attacker", _("attacker")
    DEFENDER = "defender", _("defender")


class BattleScene(models.Model):
    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE,
                                 related_name="battle_scenes", verbose_name=_("campaign"))
    hex = models.CharField(_("hex"), max_length=20)
    status = models.CharField(_("status"), max_length=10, choices=SceneStatus.choices,
                              default=SceneStatus.QUEUED, db_index=True)
    gambit = models.OneToOneField("armies.ArmyActivity", on_delete=models.SET_NULL, null=True,
                                  blank=True, related_name="battle_scene",
                                  verbose_name=_("Offensive Gambit"))
    # Offensive Gambit: "+2 circumstance to initiative" for the attackers on a success, "+4" for
    # the defenders on a critical failure.
    attacker_initiative = models.SmallIntegerField(_("attackers' initiative bonus"), default=0)
    defender_initiative = models.SmallIntegerField(_("defenders' initiative bonus"), default=0)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("battle scene")
        verbose_name_plural = _("battle scenes")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return str(_("Battle in %(hex)s") % {"hex": self.hex})


class BattleParticipant(models.Model):
    scene = models.ForeignKey(BattleScene, on_delete=models.CASCADE, related_name="participants",
                              verbose_name=_("battle scene"))
    army = models.ForeignKey("armies.Army", on_delete=models.CASCADE,
                             related_name="battle_participations", verbose_name=_("army"))
    side = models.CharField(_("side"), max_length=10, choices=Side.choices)
    # Offensive Gambit critical success: the target "becomes shaken 1" as the battle begins.
    starts_shaken = models.PositiveSmallIntegerField(_("starts shaken"), default=0)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        constraints = [
            models.UniqueConstraint(fields=["scene", "army"], name="participant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.army} ({self.get_side_display()})"
