"""`python -m parlour`: the same as the `parlour` command."""

from parlour.cli.app import main

main()
