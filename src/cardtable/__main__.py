"""``python -m cardtable`` runs the same command as ``cardtable``."""

from cardtable.cli import main

raise SystemExit(main())
