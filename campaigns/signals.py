"""What campaigns tell the apps above them (the notifications app posts to the campaign's chat),
so that campaigns need not know who listens. Sent inside the transaction that made it true; a
receiver that must wait for the commit registers transaction.on_commit itself."""
from django.dispatch import Signal

# A kingdom's turn opened for orders: sender KingdomTurn, turn=the turn (its kingdom and campaign
# read with it).
turn_opened = Signal()

# The GM posted an announcement to the campaign: sender Announcement, announcement=it.
announcement_posted = Signal()

# The GM set a campaign's chat webhook (a new address): sender Campaign, campaign=it.
chat_webhook_set = Signal()
