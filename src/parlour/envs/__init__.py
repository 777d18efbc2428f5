"""Adapters that expose Parlour's games to other frameworks (OpenSpiel:
`parlour.envs.openspiel`)."""
