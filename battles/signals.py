"""What battles tell the apps above them (the notifications app mails the players), so that
battles need not know who listens. Each is sent inside the transaction that made it true; a
receiver that must wait for the commit registers transaction.on_commit itself."""
from django.dispatch import Signal

# A battle scene was resolved and its report written: sender BattleScene, scene=the scene.
battle_report_ready = Signal()
# A sector battle's round opened, or the battle ended: sender SectorBattle, battle=the battle.
sector_round_ready = Signal()
