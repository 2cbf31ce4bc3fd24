"""The REST API for campaigns, kingdoms and settlements (turns and reports: turns.api)."""
