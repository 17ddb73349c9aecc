"""The games the package plays, one package each, with the layers (model, engine,
analysis, play, formats, text, web, cli) inside it."""
