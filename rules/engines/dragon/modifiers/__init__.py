"""The conditional modifiers, one module per seed group; see :mod:`.base` for how to add one."""

from .base import Modifier, modifier, register, registry

__all__ = ["Modifier", "modifier", "register", "registry"]
