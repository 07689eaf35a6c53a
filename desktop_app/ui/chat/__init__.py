"""The chat pane: transcript, composer, history list and skills menu."""
