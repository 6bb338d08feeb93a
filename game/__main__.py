"""`python -m game` and the `coinland` console script."""

from game.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
