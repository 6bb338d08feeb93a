"""`python -m game` and the `coinland` console script."""

try:
    from game.cli import main
except KeyboardInterrupt:  # Ctrl-C while the command line itself is loading: no traceback
    raise SystemExit(130) from None

if __name__ == "__main__":
    raise SystemExit(main())
