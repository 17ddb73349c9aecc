"""The ``deberts`` command."""
import click


@click.group()
def main() -> None:
    """Exact double-dummy analysis of Deberts deals."""
