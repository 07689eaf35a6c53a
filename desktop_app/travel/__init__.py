"""Travel language and travel data, read once for the tools and the planner: it imports neither."""
