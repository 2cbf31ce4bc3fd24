"""The REST API for battle scenes: scenes, their participants' battle plans, reports and odds."""
