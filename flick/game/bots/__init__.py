"""The bots: the heuristic bot of scenarios 1-4 and 5-10, its aim, routes and walking."""
