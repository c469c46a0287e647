"""``python -m cardstate``: the same command line as the ``cardstate`` console script."""

import sys

from cardstate.cli import main

sys.exit(main())
