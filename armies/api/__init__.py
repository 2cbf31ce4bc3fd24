"""The REST API for armies and their activities (orders for a kingdom turn)."""
