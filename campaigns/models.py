"""Campaigns, kingdoms, who plays them, their settlements and the factions they deal with."""
from __future__ import annotations

import datetime
import zoneinfo
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, URLValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from campaigns.map_codes import map_coord, parse_edges
from campaigns.model_meta import own_field
from core.choices import enum_choices
from core.models import ClaimedModel
from core.payloads import Payload, VersionedJSONField, register
from rules.errors import RuleViolation
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.campaign_map import TERRAIN_LABELS, Terrain
from rules.kingmaker.levels import MAX_LEVEL, MIN_LEVEL, control_dc

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def validate_timezone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("Unknown time zone: %(zone)s."), params={"zone": value})


# A chat webhook's address carries its secret: only https keeps it off the wire.
validate_https = URLValidator(schemes=["https"], message=_("Enter an https:// address."),
                              code="not_https")


class Ruleset(models.TextChoices):
    KINGMAKER = "kingmaker", _("Kingmaker battle scenes")
    CERILIA = "cerilia", _("Wars of Cerilia sector battles")


class Campaign(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    ruleset = models.CharField(_("battle ruleset"), max_length=20, choices=Ruleset.choices,
                               default=Ruleset.KINGMAKER)
    timezone = models.CharField(_("time zone"), max_length=64, default="UTC",
                                validators=[validate_timezone])
    nightly_resolution_time = models.TimeField(_("nightly resolution time"),
                                               default=datetime.time(3, 0))
    turn_length_days = models.PositiveSmallIntegerField(
        _("days per kingdom turn"), default=7, validators=[MinValueValidator(1)],
        help_text=_("A new turn's deadline is this many days later, at the nightly time."))
    resolve_when_all_ready = models.BooleanField(
        _("resolve early when every kingdom is ready"), default=False)
    warfare_exercises_unlocked = models.BooleanField(
        _("Warfare Exercises unlocked"), default=False,
        help_text=_("A leadership activity some companions unlock."))
    chat_webhook_url = models.URLField(
        _("chat webhook"), max_length=500, blank=True, default="", db_default="",
        validators=[validate_https],
        help_text=_("A Discord-compatible webhook address: Muster posts there when a turn opens, "
                    "24 hours before its deadline and when reports are ready, with links and "
                    "nothing a player may not see. Whoever has the address can post to the "
                    "channel: keep it among the game masters."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


def _skill(label: StrOrPromise) -> models.IntegerField:
    return models.IntegerField(label, default=0)


def _amount(label: StrOrPromise) -> models.PositiveIntegerField:
    return models.PositiveIntegerField(label, default=0)


class Kingdom(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="kingdoms",
                                 verbose_name=_("campaign"))
    name = models.CharField(_("name"), max_length=120)
    level = models.PositiveSmallIntegerField(
        _("level"), default=1,
        validators=[MinValueValidator(MIN_LEVEL), MaxValueValidator(MAX_LEVEL)])
    size = models.PositiveIntegerField(_("size (hexes)"), default=1,
                                       help_text=_("Claimed hexes; sets the Control DC."))
    # Kingdom skill modifiers (Warfare and Defense decide battles; the others army activities).
    agriculture = _skill(_("Agriculture"))
    arts = _skill(_("Arts"))
    boating = _skill(_("Boating"))
    defense = _skill(_("Defense"))
    engineering = _skill(_("Engineering"))
    exploration = _skill(_("Exploration"))
    folklore = _skill(_("Folklore"))
    industry = _skill(_("Industry"))
    intrigue = _skill(_("Intrigue"))
    magic = _skill(_("Magic"))
    politics = _skill(_("Politics"))
    scholarship = _skill(_("Scholarship"))
    statecraft = _skill(_("Statecraft"))
    trade = _skill(_("Trade"))
    warfare = _skill(_("Warfare"))
    wilderness = _skill(_("Wilderness"))
    # Resources and commodities.
    resource_points = _amount(_("RP"))
    food = _amount(_("Food"))
    lumber = _amount(_("Lumber"))
    luxuries = _amount(_("Luxuries"))
    ore = _amount(_("Ore"))
    stone = _amount(_("Stone"))
    unrest = _amount(_("unrest"))
    # Ruin by kind.
    corruption = _amount(_("corruption"))
    crime = _amount(_("crime"))
    decay = _amount(_("decay"))
    strife = _amount(_("strife"))
    fame = _amount(_("fame"))
    infamy = _amount(_("infamy"))
    xp = _amount(_("kingdom XP"))
    history = HistoricalRecords()
    _change_reason: str   # read by HistoricalRecords on save: why the row changed

    SKILLS = ("agriculture", "arts", "boating", "defense", "engineering", "exploration", "folklore",
              "industry", "intrigue", "magic", "politics", "scholarship", "statecraft", "trade",
              "warfare", "wilderness")
    COMMODITIES = ("food", "lumber", "luxuries", "ore", "stone")
    RUIN = ("corruption", "crime", "decay", "strife")

    class Meta:
        verbose_name = _("kingdom")
        verbose_name_plural = _("kingdoms")
        ordering = ["campaign", "name"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="kingdom_unique_name"),
            models.CheckConstraint(condition=models.Q(level__gte=MIN_LEVEL, level__lte=MAX_LEVEL),
                                   name="kingdom_level_range"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def control_dc(self) -> int:
        return control_dc(self.level, self.size)


class Role(models.TextChoices):
    GM = "gm", _("game master")
    PLAYER = "player", _("player")


class Membership(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="memberships", verbose_name=_("user"))
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships",
                                 verbose_name=_("campaign"))
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.PLAYER)
    kingdom = models.ForeignKey(Kingdom, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="memberships", verbose_name=_("kingdom"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["user", "campaign"], name="membership_once_per_campaign"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.campaign} ({self.get_role_display()})"

    def other_game_masters(self) -> models.QuerySet[Membership]:
        """The campaign's GMs but this member: a campaign keeps one at least."""
        return Membership.objects.filter(campaign_id=self.campaign_id, role=Role.GM).exclude(
            pk=self.pk)

    def clean(self) -> None:
        if self.role == Role.PLAYER and not self.kingdom_id:
            raise ValidationError({"kingdom": _("A player plays a kingdom: choose one.")})
        if self.kingdom is not None and self.campaign_id \
                and self.kingdom.campaign_id != self.campaign_id:
            raise ValidationError({"kingdom": _("This kingdom belongs to another campaign.")})
        if self.pk and self.role != Role.GM and not self.other_game_masters().exists() \
                and Membership.objects.filter(pk=self.pk, role=Role.GM).exists():
            raise ValidationError({"role": _("A campaign keeps one game master at least: make "
                                             "another member its game master first.")})


class Settlement(models.Model):
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="settlements",
                                verbose_name=_("kingdom"))
    name = models.CharField(_("name"), max_length=120)
    hex = models.CharField(_("hex"), max_length=20, help_text=_("Map coordinate, e.g. C4."))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("settlement")
        verbose_name_plural = _("settlements")
        ordering = ["kingdom", "name"]
        constraints = [
            models.UniqueConstraint(fields=["kingdom", "name"], name="settlement_unique_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.hex})"


TERRAIN_CHOICES = enum_choices(Terrain, {terrain: _(label)
                                         for terrain, label in TERRAIN_LABELS.items()})


def validate_edges(value: str) -> None:
    try:
        parse_edges(value, "edges")
    except RuleViolation as error:
        raise ValidationError([v.render(gettext) for v in error.violations]) from None


def _edges(label: StrOrPromise) -> models.CharField:
    return models.CharField(label, max_length=24, blank=True, validators=[validate_edges],
                            help_text=_("Hex sides, clockwise from the top: n, ne, se, s, sw, nw; "
                                        "for example \"n,se\"."))


class MapHex(models.Model):
    """One hex of a campaign's map (rules.kingmaker.campaign_map.MapHex). Its settlements are the
    Settlements in it (their `hex`); campaigns.adapters.campaign_map joins them."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="map_hexes",
                                 verbose_name=_("campaign"))
    coord = models.CharField(_("hex"), max_length=8, help_text=_("Map coordinate, e.g. C4."))
    terrain = models.CharField(_("terrain"), max_length=12, choices=TERRAIN_CHOICES,
                               default=Terrain.PLAINS)
    roads = _edges(_("roads"))
    rivers = _edges(_("rivers"))
    bridges = _edges(_("bridges"))
    work_site = models.BooleanField(_("work site"), default=False)
    refuge = models.BooleanField(_("refuge"), default=False)
    claimed_by = models.ForeignKey(Kingdom, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="claimed_hexes", verbose_name=_("claimed by"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("map hex")
        verbose_name_plural = _("map hexes")
        ordering = ["campaign", "coord"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "coord"], name="map_hex_once"),
        ]

    def __str__(self) -> str:
        return self.coord

    def clean(self) -> None:
        errors: dict[str, list[StrOrPromise]] = {}
        try:
            if self.coord != map_coord(self.coord, "coord"):
                errors["coord"] = [_("Write the hex as %(hex)s.") % {"hex": map_coord(self.coord)}]
        except RuleViolation as error:
            errors["coord"] = [v.render(gettext) for v in error.violations]
        if self.claimed_by is not None and self.campaign_id \
                and self.claimed_by.campaign_id != self.campaign_id:
            errors["claimed_by"] = [_("This kingdom belongs to another campaign.")]
        if errors:
            raise ValidationError(errors)


class Faction(models.Model):
    """A group of creatures a kingdom can deal with; it offers special armies."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="factions",
                                 verbose_name=_("campaign"))
    name = models.CharField(_("name"), max_length=120)
    special_armies = models.ManyToManyField(
        "armies.ArmyTemplate", blank=True, related_name="factions",
        verbose_name=_("special armies it offers"))
    history = HistoricalRecords(m2m_fields=[special_armies])

    class Meta:
        verbose_name = _("faction")
        verbose_name_plural = _("factions")
        ordering = ["campaign", "name"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="faction_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class DiplomaticRelation(models.Model):
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE,
                                related_name="diplomatic_relations", verbose_name=_("kingdom"))
    faction = models.ForeignKey(Faction, on_delete=models.CASCADE,
                                related_name="diplomatic_relations", verbose_name=_("faction"))
    established_on = models.DateField(_("established on"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("diplomatic relation")
        verbose_name_plural = _("diplomatic relations")
        constraints = [
            models.UniqueConstraint(fields=["kingdom", "faction"], name="relation_once"),
        ]

    def __str__(self) -> str:
        return f"{self.kingdom} — {self.faction}"

    def clean(self) -> None:
        if self.kingdom_id and self.faction_id and \
                self.kingdom.campaign_id != self.faction.campaign_id:
            raise ValidationError({"faction": _("This faction belongs to another campaign.")})


class TurnStatus(models.TextChoices):
    OPEN = "open", _("open")
    LOCKED = "locked", _("locked")
    RESOLVING = "resolving", _("resolving")
    RESOLVED = "resolved", _("resolved")
    FAILED = "failed", _("failed")


LIGHT_LABELS = {
    Light.BRIGHT: _("bright light"),
    Light.DIM: _("dim light, light fog or rain"),
    Light.DARK: _("darkness or thick fog"),
}
LIGHT_CHOICES = enum_choices(Light, LIGHT_LABELS)


MAP_ARMIES = register(Payload("turn_map_armies"))


class ArmySnapshot(models.Model):
    """The campaign's armies as fog of war reads them ({"armies": [...]},
    armies.orders.campaign_snapshot), taken when its turns were locked for the night: each of
    those turns points at it, so a campaign's armies are stored once a night, not once a turn."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE,
                                 related_name="army_snapshots", verbose_name=_("campaign"))
    taken_at = models.DateTimeField(_("taken"), auto_now_add=True)
    armies = VersionedJSONField(_("armies on the map when locked"), default=dict,
                                payload=MAP_ARMIES)

    class Meta:
        verbose_name = _("army snapshot")
        verbose_name_plural = _("army snapshots")

    def __str__(self) -> str:
        return f"{self.campaign} — {self.taken_at:%Y-%m-%d %H:%M}"


class KingdomTurn(ClaimedModel):
    """One kingdom's turn: players order its armies until the deadline; then it is resolved."""

    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="turns",
                                verbose_name=_("kingdom"))
    number = models.PositiveIntegerField(_("turn"))
    deadline = models.DateTimeField(_("deadline"))
    status = models.CharField(_("status"), max_length=10, choices=TurnStatus.choices,
                              default=TurnStatus.OPEN, db_index=True)
    ready = models.BooleanField(_("orders ready"), default=False)
    ruin_choice = models.CharField(
        _("ruin to raise"), max_length=12, blank=True,
        choices=[(kind, own_field(Kingdom, kind).verbose_name) for kind in Kingdom.RUIN],
        help_text=_("Which ruin rises if an army disbands from hunger; blank: the lowest."))
    light = models.CharField(
        _("light"), max_length=6, choices=LIGHT_CHOICES, default=Light.BRIGHT,
        help_text=_("The light and weather as the turn ends, for the kingdom's Scouting checks "
                    "against armies in ambush (fog of war)."))
    # The kingdom sees the other kingdoms' armies where they stood when the turn was locked.
    # None: not locked yet, locked before snapshots were kept, or locked when its campaign had no
    # map and its night no gambit (nothing reads them then).
    armies_snapshot = models.ForeignKey(
        ArmySnapshot, on_delete=models.SET_NULL, null=True, blank=True, editable=False,
        related_name="turns", verbose_name=_("armies on the map when locked"))
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    # When the deadline reminder went out (claimed with one UPDATE, so it goes out once).
    reminded_at = models.DateTimeField(_("deadline reminder sent"), null=True, blank=True,
                                       editable=False)
    history = HistoricalRecords()
    _change_reason: str   # read by HistoricalRecords on save: why the row changed

    class Meta:
        verbose_name = _("kingdom turn")
        verbose_name_plural = _("kingdom turns")
        ordering = ["kingdom", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["kingdom", "number"], name="turn_once_per_number"),
            # At most one turn of a kingdom takes orders at a time.
            models.UniqueConstraint(fields=["kingdom"], condition=models.Q(status="open"),
                                    name="one_open_turn_per_kingdom"),
        ]

    def __str__(self) -> str:
        return f"{self.kingdom} — {_('turn')} {self.number}"

    @property
    def accepts_orders(self) -> bool:
        return self.status == TurnStatus.OPEN


def _default_language() -> str:
    return settings.LANGUAGE_CODE


class PlayerPreferences(models.Model):
    """What a user wants from Muster: e-mail notifications, and in which language."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="preferences", verbose_name=_("user"))
    email_notifications = models.BooleanField(
        _("e-mail notifications"), default=True,
        help_text=_("Deadline reminders and turn and battle reports by e-mail."))
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES,
                                default=_default_language)

    class Meta:
        verbose_name = _("player preferences")
        verbose_name_plural = _("player preferences")

    def __str__(self) -> str:
        return str(self.user)

    @classmethod
    def of(cls, user) -> PlayerPreferences:
        """The user's preferences; the defaults (unsaved) if they never set any."""
        try:
            return user.preferences
        except cls.DoesNotExist:
            return cls(user=user)


class Announcement(models.Model):
    """The GM's word to the whole campaign: on every player's dashboard and in their mail. The
    body is Markdown (core.markdown)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="announcements",
                                 verbose_name=_("campaign"))
    title = models.CharField(_("title"), max_length=200)
    body = models.TextField(_("text"), help_text=_(
        "Markdown: **bold**, *italic*, [a link](https://…), lists, headings."))
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                               blank=True, related_name="+", verbose_name=_("author"),
                               editable=False)
    created_at = models.DateTimeField(_("posted"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.title


class InvitationStatus(models.TextChoices):
    PENDING = "pending", _("waiting")
    ACCEPTED = "accepted", _("accepted")
    REVOKED = "revoked", _("withdrawn")
    EXPIRED = "expired", _("expired")


class Invitation(models.Model):
    """The GM's invitation to play a kingdom: a link that expires and works once
    (campaigns.invitations). Only the link's digest is stored, so a copy of the database opens
    no campaign."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations",
                                 verbose_name=_("campaign"))
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="invitations",
                                verbose_name=_("kingdom"))
    email = models.EmailField(_("e-mail"), blank=True, help_text=_(
        "Muster mails the link to this address; leave it empty to pass the link on yourself."))
    token_digest = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+", editable=False,
                                   verbose_name=_("invited by"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="+", editable=False,
                                    verbose_name=_("accepted by"))
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(_("withdrawn"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        to = self.email or gettext("a link")
        return f"{self.kingdom} — {to}"

    def status_at(self, now: datetime.datetime) -> InvitationStatus:
        if self.accepted_at is not None:
            return InvitationStatus.ACCEPTED
        if self.revoked_at is not None:
            return InvitationStatus.REVOKED
        if self.expires_at <= now:
            return InvitationStatus.EXPIRED
        return InvitationStatus.PENDING
