"""Shared machinery at the bottom of the apps' stack (docs/architecture.md): claims with leases
for work done exactly once, the database faults that pass, the API's common errors, stored JSON
with a schema version. It imports no other app of the project."""
