"""Module "magic dice" on the battlefield picture (seed 002_eb4cf75b750af884.txt; reference/
sector-modules.md "Models and command groups"): a unit card's models — its hits are its models —
with the wounds its wounded model has left, its command group's marks (champion, standard or
"taken", musician) while they stand, and the sides' victory points in the caption. Read from
the view only (rules.cerilia.side_views shows models, wounds and victory points publicly)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from battles.sector.labels import side_label
from rules.cerilia import ranks
from rules.sides import Side

# The marks of the command group on a card, in the order the seed raises them («Командир,
# Знаменосец, Музыкант»).
GROUP_MARKS = {"champion": "⚔", "standard": "⚑", "musician": "♪"}
TAKEN_MARK = "⚐"
WOUND_MARK = "♥"


def plays_models(view: Mapping[str, Any]) -> bool:
    """Whether the view is of a battle with module "magic dice" (a side's view carries the
    victory points only then; the GM's truth its scenario's modules)."""
    modules = (view.get("scenario") or {}).get("modules") or {}
    return "victory_points" in view or bool(modules.get("magic_dice"))


def group_standing(unit: Mapping[str, Any]) -> list[str]:
    """The command group's models still on the field, by the engine's loss order (a taken
    standard's bearer counts as rank and file)."""
    card = unit.get("card", {})
    order = ranks.card_loss_order(
        card.get("hits", 0), musician=bool(card.get("musician")),
        standard=bool(card.get("standard")) and not unit.get("standard_taken"),
        champion=bool(card.get("champion")))
    return [m.value for m in ranks.still_standing(order, unit.get("hits", 0))
            if m is not ranks.Model.RANK_AND_FILE]


def model_notes(unit: Mapping[str, Any]) -> dict[str, Any]:
    """A card's models: `wounds` (the wounded model's wounds left, "" when none is wounded;
    the title says of how many), `group`: its command group's marks, and the `notes` its title
    reads. Both are short, so they fit the card beside its hits (the title has the words)."""
    card, hits = unit.get("card", {}), unit.get("hits", 0)
    most, wounds, lost = card.get("hits", hits), card.get("wounds", 1), unit.get("wounds_lost", 0)
    notes = [ngettext("%(hits)s of %(most)s model left", "%(hits)s of %(most)s models left",
                      most) % {"hits": hits, "most": most}]
    wounded = ""
    if wounds > 1 and lost and hits:
        wounded = f"{WOUND_MARK}{wounds - lost}"
        notes.append(_("its wounded model has %(left)s of %(wounds)s wounds left")
                     % {"left": wounds - lost, "wounds": wounds})
    standing = group_standing(unit)
    marks = [GROUP_MARKS[m] for m in ("champion", "standard", "musician") if m in standing]
    notes += [_(ranks.MODEL_LABELS[ranks.Model(m)])
              for m in ("champion", "standard", "musician") if m in standing]
    if unit.get("standard_taken"):
        # «захваченные знамена возвращены быть не могут».
        marks.append(TAKEN_MARK)
        notes.append(_("its standard taken by the enemy"))
    return {"wounds": wounded, "group": "".join(marks), "notes": notes}


def victory_caption(view: Mapping[str, Any]) -> str:
    """The tally as the view's side knows it (module "magic dice", rules.cerilia.victory.known):
    before the battle's end the points it saw itself score (victory_seen) and the enemy's in
    full; at the end the whole tally, told to both."""
    points = view.get("victory_points")
    if not points:
        return ""
    return _("victory points: %(points)s") % {"points": ", ".join(
        f"{side_label(s.value)} {points.get(s.value, 0)}" for s in Side)}
