"""What a kingdom turn tells the apps above it (the notifications app mails the players), so
that turns need not know who listens. Sent inside the transaction that made it true; a receiver
that must wait for the commit registers transaction.on_commit itself."""
from django.dispatch import Signal

# A turn was resolved and its report written: sender KingdomTurn, turn=the turn.
turn_report_ready = Signal()
