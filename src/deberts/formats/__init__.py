"""Reading and writing: game records and the batch line format, each with
``load``/``loads``/``dump``/``dumps``."""
