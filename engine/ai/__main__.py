"""``python -m engine.ai arena --a hard --b medium --deals N --json [--seed S]``."""

import sys

from engine.ai.arena import main

sys.exit(main())
