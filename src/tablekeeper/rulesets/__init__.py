"""The rulesets: one package per rule document, plus ``common`` (checks every table uses)."""
