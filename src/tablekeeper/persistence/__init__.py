"""persistence layer: built by later issues (see docs/architecture.md)."""
