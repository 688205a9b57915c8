"""One module per layout change, oldest first (``0001_baseline`` is the first layout)."""
