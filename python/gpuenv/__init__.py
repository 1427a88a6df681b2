"""gpuenv: diagnose, plan and verify GPU deep-learning environments.

This package carries the standalone gpuenv executable for one platform and starts it; the ``gpuenv``
command and ``python -m gpuenv`` take the same arguments as the executable.
"""

from ._target import VERSION as __version__

__all__ = ["__version__", "executable", "main"]

from ._launcher import executable, main  # noqa: E402
