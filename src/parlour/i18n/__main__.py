"""`python -m parlour.i18n update|check`: keep the catalogues up to their sources."""

import sys

from parlour.i18n.catalogues import main

raise SystemExit(main(sys.argv[1:]))
