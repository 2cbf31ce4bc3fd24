"""The REST API for campaigns, kingdoms, settlements, turns and turn reports."""
