"""The Trip pane: the conversation's trip as a plan, a cost chart, a weather strip and an offline route map."""
