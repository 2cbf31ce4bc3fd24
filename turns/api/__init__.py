"""The REST API for kingdom turns and turn reports."""
