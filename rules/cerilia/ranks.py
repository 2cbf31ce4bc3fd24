"""Module "magic dice" (seed 002_eb4cf75b750af884.txt, reference/sector-modules.md "Recover and
raise wounds"): a unit is made of models. The card's hits are its models, each with the card's
`wounds` (default 1), and the card may have a command group among them: a champion, a standard
bearer and a musician. `Unit.hits` counts the models left, `Unit.wounds_lost` the wounds its
wounded model has lost, so with one wound a model and no command group a hit is a hit, as
without the module. Which models are left follows from the count alone: hits remove models in
one fixed order and raising brings them back in exactly the reverse order."""
from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from rules.cerilia.cards import SIGNS
from rules.cerilia.state import Unit
from rules.errors import _


class Model(StrEnum):
    CHAMPION = "champion"
    STANDARD = "standard"
    MUSICIAN = "musician"
    RANK_AND_FILE = "rank_and_file"


MODEL_LABELS = {
    Model.CHAMPION: _("champion"),
    Model.STANDARD: _("standard bearer"),
    Model.MUSICIAN: _("musician"),
    Model.RANK_AND_FILE: _("rank and file"),
}
COMMAND_GROUP = frozenset({Model.CHAMPION, Model.STANDARD, Model.MUSICIAN})


def loss_order(unit: Unit) -> list[Model]:
    """Every model of the card in the order hits remove them (reference, ruling: "Hits remove
    rank and file first, then the musician, standard bearer and champion"). Raising returns them
    in the reverse order, which is the seed's: «Командир, Знаменосец, Музыкант и далее рядовые
    модели». A standard the enemy took is gone for good («захваченные знамена возвращены быть не
    могут»); ruling: its bearer's model counts as rank and file from then on, so a raise may
    bring the model back, never the standard."""
    card = unit.card
    return card_loss_order(card.hits, musician=card.musician,
                           standard=card.standard and not unit.standard_taken,
                           champion=card.champion)


def card_loss_order(hits: int, *, musician: bool, standard: bool, champion: bool
                    ) -> list[Model]:
    """The loss order of a card with `hits` models and that command group (what a page that
    holds only a unit's view data can ask too)."""
    group = [model for model, has in ((Model.MUSICIAN, musician), (Model.STANDARD, standard),
                                      (Model.CHAMPION, champion)) if has]
    return [Model.RANK_AND_FILE] * max(0, hits - len(group)) + group


def still_standing(order: list[Model], hits: int) -> list[Model]:
    """The models of a loss order still on the field with `hits` left: its last `hits`."""
    return order[max(0, len(order) - hits):] if hits > 0 else []


def models_left(unit: Unit) -> list[Model]:
    """The unit's models on the field: the last `hits` of the loss order."""
    return still_standing(loss_order(unit), unit.hits)


def has_model(unit: Unit, model: Model) -> bool:
    return unit.alive and model in models_left(unit)


def starting_models(unit: Unit) -> int:
    """Ruling: a unit starts the battle with its card's models (the adapter and a summons start
    every unit at the card's hits)."""
    return unit.card.hits


def wounds_left(unit: Unit) -> int:
    """The unit's wounds: models × wounds, less those its wounded model lost."""
    return max(0, unit.hits * unit.card.wounds - unit.wounds_lost) if unit.alive else 0


def take_wound(unit: Unit, *, melee: bool = False) -> tuple[Unit, Model | None]:
    """One hit: a wound off the next model to fall; the model it removes, if it was its last
    wound (None: only wounded). A standard bearer felled by an enemy melee attack (`melee`: a
    charge is one too, ruling) loses the standard to the enemy (reference, ruling: "a standard
    taken by the enemy (its bearer destroyed by an enemy melee attack)")."""
    if unit.wounds_lost + 1 < unit.card.wounds:
        return replace(unit, wounds_lost=unit.wounds_lost + 1), None
    left = models_left(unit)
    lost = left[0] if left else None
    return replace(unit, hits=unit.hits - 1, wounds_lost=0,
                   standard_taken=unit.standard_taken or (melee and lost is Model.STANDARD)
                   ), lost


def told_loss(unit: Unit, lost: Model | None) -> tuple[str, str, str] | None:
    """The event (code, message, the model's label) for a command model lost by a unit still on
    its feet; None for rank and file, a wound or the last model (its destruction is told)."""
    if lost is None or lost not in COMMAND_GROUP or unit.hits <= 0:
        return None
    if lost is Model.STANDARD and unit.standard_taken:
        return "standard_taken", _("The enemy takes the standard of %(unit)s."), \
            MODEL_LABELS[lost]
    return "model_lost", _("%(unit)s loses its %(model)s."), MODEL_LABELS[lost]


def recover(unit: Unit, wounds: int) -> tuple[Unit, int]:
    """Recover X (seed: «Восстановление ран никогда не может вернуть обратно на поле боя
    удаленные с него убитые модели и не может поднять значение ран выше его стартового
    показателя. Все лишние раны теряются»): only the wounded model heals; the wounds healed."""
    healed = min(max(0, wounds), unit.wounds_lost)
    return replace(unit, wounds_lost=unit.wounds_lost - healed), healed


def raise_wounds(unit: Unit, wounds: int) -> tuple[Unit, int, list[Model]]:
    """Raise X (seed: «сначала вы должны восстановить до максимума все раны в раненых моделях
    ... Далее вы возвращаете к жизни ранее убитые модели ... Каждая поднятая модель должна быть
    восстановлена до полного значения ран до того, как будет поднята следующая модель. Это не
    может поднять число моделей в подразделении выше изначального значения ... все лишние раны
    теряются»): heal the wounded model, then bring back models in the reverse of the loss order.
    A model raised with fewer wounds than it has comes back wounded (the next raise finishes
    it first). Returns the unit, the wounds healed and the models raised."""
    unit, healed = recover(unit, wounds)
    left = max(0, wounds) - healed
    raised: list[Model] = []
    while left > 0 and unit.hits < starting_models(unit):
        order = loss_order(unit)
        model = order[len(order) - unit.hits - 1]
        given = min(left, unit.card.wounds)
        left -= given
        unit = replace(unit, hits=unit.hits + 1, wounds_lost=unit.card.wounds - given)
        raised.append(model)
    return unit, healed, raised


# -- what the command group does while it lives --------------------------------------------

def melee_bonus(unit: Unit) -> int:
    """Reference: "champion (+1 melee while alive)"."""
    return 1 if has_model(unit, Model.CHAMPION) else 0


def standard_signs(unit: Unit) -> set[str]:
    """Reference: "standard bearer (one more morale sign while alive, at most three)": a card
    bears at most the three signs. Ruling: the sign is the last one the card lacks (star, then
    moon), so a blessing's default sign (the first it lacks) adds another."""
    missing = [s for s in SIGNS if s not in unit.card.morale]
    return {missing[-1]} if missing and has_model(unit, Model.STANDARD) else set()


def musician_rallies(unit: Unit, round_number: int) -> bool:
    """Reference: "musician (a routed unit may attack again the next round)": without one a
    routed unit may not attack the round it routs and the next."""
    return unit.routed_in < round_number and has_model(unit, Model.MUSICIAN)
