"""gpuenv: diagnose, plan and verify GPU deep-learning environments.

This package carries the standalone gpuenv executable for one platform and starts it; the ``gpuenv``
command and ``python -m gpuenv`` take the same arguments as the executable. From Python (a script or
a notebook), ``gpuenv.doctor()``, ``gpuenv.explain(text)``, ``gpuenv.compat(component, version)`` and
``gpuenv.snapshot()`` run it and return its JSON as a dict, shown as gpuenv's HTML report in a notebook.
"""

from ._target import VERSION as __version__

__all__ = ["__version__", "executable", "main", "doctor", "explain", "compat", "snapshot", "GpuenvError", "Result"]

from ._launcher import executable, main  # noqa: E402
from ._api import GpuenvError, Result, compat, doctor, explain, snapshot  # noqa: E402
