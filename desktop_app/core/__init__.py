"""The floor of the engine: neutral messages, the event union and the provider records (imports nothing of ours)."""
