"""The thin command-line layer: parse, dispatch to the stages, render. One module per subcommand
(``cmd_<name>.py`` with a ``register(app)`` function), discovered at start-up."""
