"""Persistence: history, secrets and settings (no Qt)."""
