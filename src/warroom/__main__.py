"""``python -m warroom``: the same command line as ``warroom`` (an audit's newcomer typed
it and was told there is no ``warroom.__main__``)."""

from warroom.cli.main import main

if __name__ == "__main__":
    main()
