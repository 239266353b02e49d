"""The rules engines: pure Python, one module or package per game.

Nothing below this package imports Django; the site calls these functions and stores what
they return.
"""
