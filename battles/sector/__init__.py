"""Sector battles (Wars of Cerilia, seed 000) played round by round: the GM sets up a scenario,
each side deploys in phase 0 and then submits orders every round until the round's deadline or
until both have; a Celery worker resolves each round exactly once through rules.cerilia."""
