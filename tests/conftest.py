"""Makes the ``tests`` package importable from every test folder (``tests.sample``)."""
