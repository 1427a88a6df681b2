"""Starts the bundled gpuenv executable in place of this Python process.

os.execv replaces the process, so the executable gets the same arguments, standard streams, process
id and signals, and its exit code is the command's. Before that, the launcher checks what would make
the executable fail to start with a cryptic loader message: another CPU architecture, a libc other
than glibc, or a glibc older than the one the wheel's tag names. Those exit 3 (gpuenv's internal
error code) with a sentence that says what is supported.
"""

import os
import platform
import stat
import sys

from ._target import MACHINE, MIN_GLIBC, VERSION

_MACHINE_ALIASES = {"x86_64": ("x86_64", "amd64"), "aarch64": ("aarch64", "arm64")}


def executable():
    """Path of the bundled executable."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "gpuenv")


def _fail(message):
    sys.stderr.write("gpuenv: " + message + "\n")
    sys.exit(3)


def _glibc():
    try:
        text = os.confstr("CS_GNU_LIBC_VERSION")
    except (AttributeError, ValueError, OSError):
        return None
    if not text or not text.startswith("glibc "):
        return None
    try:
        return tuple(int(p) for p in text.split()[1].split(".")[:2])
    except ValueError:
        return None


def check_platform():
    """None when the executable can start here, else the reason it cannot."""
    wheel = "gpuenv " + VERSION + " for Linux " + MACHINE
    if not sys.platform.startswith("linux"):
        return wheel + " runs on Linux only (this is " + sys.platform + ")"
    here = platform.machine().lower()
    if here not in _MACHINE_ALIASES.get(MACHINE, (MACHINE,)):
        return wheel + " cannot run on this " + (here or "unknown") + " machine; install the wheel built for " + (here or "it")
    libc = _glibc()
    need = ".".join(str(p) for p in MIN_GLIBC)
    if libc is None:
        return wheel + " needs glibc " + need + " or newer; this system's C library is not glibc (musl/Alpine is not supported)"
    if libc < tuple(MIN_GLIBC):
        have = ".".join(str(p) for p in libc)
        return wheel + " needs glibc " + need + " or newer; this system has glibc " + have
    return None


def check_executable(exe):
    """None when the bundled executable can be started, else why not (the Python API uses this too)."""
    try:
        mode = os.stat(exe).st_mode
        if not mode & stat.S_IXUSR:
            # Some installers drop the executable bit; restore it where the files are ours to change.
            os.chmod(exe, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    except OSError as error:
        return "the bundled executable " + exe + " is missing or unreadable: " + str(error) + "; reinstall gpuenv"
    return None


def main():
    problem = check_platform()
    if problem is not None:
        _fail(problem)
    exe = executable()
    problem = check_executable(exe)
    if problem is not None:
        _fail(problem)
    try:
        os.execv(exe, [exe] + sys.argv[1:])
    except OSError as error:
        _fail("could not start " + exe + ": " + str(error))
