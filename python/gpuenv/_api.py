"""gpuenv from Python and notebooks: the commands as functions that return their JSON document.

Each function runs the bundled executable (no Node.js, no other package) with ``--json``, with a time
limit, and returns a :class:`Result`: a ``dict`` of exactly what ``gpuenv <command> --json`` prints.
In Jupyter, VS Code or Colab a result shows as gpuenv's HTML report; ``str()`` and ``repr()`` give
the command's text. A failure raises :class:`GpuenvError` with the command's own message.
"""

import html
import json
import os as _os
import signal
import subprocess
import tempfile

from ._launcher import check_executable, check_platform, executable

_MESSAGES = {
    "en": {
        "timeout": "gpuenv {command} did not finish within {seconds} s",
        "noJson": "gpuenv {command} gave no JSON result (exit {code})",
        "cannotStart": "could not start {exe}: {error}",
        "failed": "gpuenv {command} failed (exit {code})",
        "textType": "explain(text): text must be str or bytes, not {kind}",
    },
    "zh-CN": {
        "timeout": "gpuenv {command} 在 {seconds} 秒内没有完成",
        "noJson": "gpuenv {command} 没有给出 JSON 结果（退出码 {code}）",
        "cannotStart": "无法启动 {exe}：{error}",
        "failed": "gpuenv {command} 执行失败（退出码 {code}）",
        "textType": "explain(text)：text 必须是 str 或 bytes，而不是 {kind}",
    },
}


def _lang():
    # The executable's own rule (src/i18n/index.ts detectLang): GPUENV_LANG, then a zh locale.
    explicit = (_os.environ.get("GPUENV_LANG") or "").lower()
    if explicit.startswith("zh"):
        return "zh-CN"
    if explicit == "en" or explicit.startswith(("en_", "en-")):
        return "en"
    env = _os.environ
    locale = env.get("LC_ALL") or env.get("LC_MESSAGES") or env.get("LANG") or ""
    return "zh-CN" if locale.lower().startswith("zh") else "en"


def _msg(key, **values):
    return _MESSAGES[_lang()][key].format(**values)


class GpuenvError(Exception):
    """A gpuenv command failed; the message is the command's own (its stderr), exit_code its exit status."""

    def __init__(self, message, exit_code=None, stderr=""):
        super().__init__(message)
        self.exit_code = exit_code
        self.stderr = stderr


def _run(args, stdin=None, timeout=60.0):
    """(exit code, stdout, stderr) of the executable; stdin is text or bytes; the limit ends it with SIGTERM."""
    exe = executable()
    problem = check_platform() or check_executable(exe)
    if problem is not None:
        raise GpuenvError(problem)
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    try:
        proc = subprocess.Popen(
            [exe] + list(args),
            stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    except OSError as error:
        raise GpuenvError(_msg("cannotStart", exe=exe, error=error)) from None
    try:
        out, err = proc.communicate(data, timeout=timeout)
    except subprocess.TimeoutExpired:
        _stop(proc)
        raise GpuenvError(_msg("timeout", command=args[0], seconds=timeout)) from None
    except BaseException:
        # Ctrl-C or a notebook's interrupt: gpuenv ends the probes it started when it gets SIGTERM.
        _stop(proc)
        raise
    return proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def _stop(proc):
    try:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        proc.kill()
        proc.communicate()


def _json(args, stdin=None, timeout=60.0, ok=(0, 1)):
    code, out, err = _run(list(args) + ["--json"], stdin, timeout)
    if code not in ok:
        raise GpuenvError(err.strip() or _msg("failed", command=args[0], code=code), code, err)
    try:
        return json.loads(out)
    except ValueError:
        raise GpuenvError(err.strip() or _msg("noJson", command=args[0], code=code), code, err) from None


def _text(args, stdin=None, timeout=60.0):
    code, out, err = _run(args, stdin, timeout)
    if code not in (0, 1):
        raise GpuenvError(err.strip() or _msg("failed", command=args[0], code=code), code, err)
    return out


class Result(dict):
    """The JSON document of one gpuenv command, as a dict; shown as HTML in a notebook and as text elsewhere."""

    def __init__(self, document, text=None, snapshot=None, timeout=60.0):
        super().__init__(document)
        # How to get the command's text form, only when asked: a callable returning the text.
        self._text_of = text
        self._snapshot = snapshot
        self._timeout = timeout
        self._text_cache = None

    def text(self):
        """The command's human-readable output for this result."""
        if self._text_cache is None:
            self._text_cache = self._text_of() if self._text_of is not None else json.dumps(self, indent=2, ensure_ascii=False) + "\n"
        return self._text_cache

    def _safe_text(self):
        try:
            return self.text()
        except GpuenvError:
            return json.dumps(self, indent=2, ensure_ascii=False) + "\n"

    def __str__(self):
        return self._safe_text()

    def __repr__(self):
        return self._safe_text()

    def _repr_html_(self):
        """gpuenv's HTML report of the Snapshot (`gpuenv report --fragment`), else the text, escaped, in a <pre>."""
        if self._snapshot is not None:
            fragment = _report_fragment(self._snapshot, self._timeout)
            if fragment is not None:
                return fragment
        return '<pre class="gpuenv-text">' + html.escape(self._safe_text()) + "</pre>"


def _with_snapshot_file(snapshot, work):
    """work(path) with the Snapshot written to a private temporary file, removed afterwards."""
    fd, path = tempfile.mkstemp(prefix="gpuenv-", suffix=".json")
    try:
        with _os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(snapshot, f)
        return work(path)
    finally:
        try:
            _os.unlink(path)
        except OSError:
            pass


def _report_fragment(snapshot, timeout):
    def report(path):
        try:
            code, out, _err = _run(["report", "--snapshot", path, "--fragment", "-o", "-"], timeout=timeout)
        except GpuenvError:
            return None
        return out if code == 0 and out.lstrip().startswith("<") else None

    return _with_snapshot_file(snapshot, report)


def _root(root):
    return ["--root", _os.fspath(root)] if root is not None else []


def doctor(deep=False, python=None, snapshot_file=None, root=None, probe_timeout=None, timeout=None):
    """Diagnose this machine (or a root tree, or a saved Snapshot): `gpuenv doctor --json`.

    Returns {schemaVersion, node, snapshot, findings, ruleErrors}; each finding has code, severity,
    title, cause, evidence and fix. deep=True also imports the frameworks; python names more
    interpreters or environments (a path or a list of paths); probe_timeout is each probe's limit in
    seconds, timeout the whole command's (default 120, 300 with deep).
    """
    args = ["doctor"] + _root(root)
    if deep:
        args.append("--deep")
    for p in [python] if isinstance(python, (str, _os.PathLike)) else (python or []):
        args += ["--python", _os.fspath(p)]
    if snapshot_file is not None:
        args += ["--snapshot", _os.fspath(snapshot_file)]
    if probe_timeout is not None:
        args += ["--timeout", str(probe_timeout)]
    limit = timeout if timeout is not None else (300.0 if deep else 120.0)
    doc = _json(args, timeout=limit)

    def text():
        # The same report from the same facts: the Snapshot this result holds, diagnosed again, not a new probe.
        return _with_snapshot_file(doc["snapshot"], lambda path: _text(["doctor", "--snapshot", path], timeout=limit))

    return Result(doc, text=text, snapshot=doc.get("snapshot"), timeout=limit)


def snapshot(root=None, probe_timeout=None, timeout=60.0):
    """The facts of this machine (or a root tree) without judging them: `gpuenv snapshot --json`."""
    args = ["snapshot"] + _root(root)
    if probe_timeout is not None:
        args += ["--timeout", str(probe_timeout)]
    doc = _json(args, timeout=timeout, ok=(0,))
    # A Snapshot is a document: its text form is the JSON itself (`gpuenv snapshot` text would probe again).
    return Result(doc, snapshot=doc, timeout=timeout)


def explain(text, here=False, root=None, timeout=60.0):
    """Explain pasted text (an error, a log, collect_env or nvidia-smi output): `gpuenv explain --json`."""
    if not isinstance(text, (str, bytes)):
        raise TypeError(_msg("textType", kind=type(text).__name__))
    args = ["explain", "-"] + _root(root) + (["--here"] if here else [])
    doc = _json(args, stdin=text, timeout=timeout)
    return Result(doc, text=lambda: _text(args, stdin=text, timeout=timeout), timeout=timeout)


def compat(component, version=None, os=None, timeout=30.0):
    """Look up compatibility facts: `gpuenv compat <component> [version] --json`.

    component: cuda, driver, gpu, torch, tensorflow, jax, cudnn or nccl; version: a version or a GPU
    name (torch alone lists the releases); os: "linux" or "windows" for the driver floors.
    """
    args = ["compat", str(component)] + ([str(version)] if version is not None else []) + (["--os", str(os)] if os is not None else [])
    doc = _json(args, timeout=timeout, ok=(0,))
    return Result(doc, text=lambda: _text(args, timeout=timeout), timeout=timeout)
