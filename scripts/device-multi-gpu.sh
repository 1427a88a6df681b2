#!/usr/bin/env bash
# Issue 23's whole batched run on two GPUs of one host (kind nvidia-h200-x2), in one device call. From the repository
# root after `npm run build` and `../shared/device/prepare-node.sh` here, carrying dist and .device:
#   source .device/setup.sh && bash scripts/device-multi-gpu.sh
# 1. bench with both GPUs, twice, alternating: native (--quick --json), the torch engine, the plain PyTorch script
#    (P2P each way, all-reduce of the same sizes through torch.distributed), then scripts/bench-compare.mjs;
#    the native NCCL path alone (scripts/bench-native-nccl.mjs) and bench under NCCL_P2P_DISABLE=1;
# 2. health and doctor --deep with both GPUs, with CUDA_VISIBLE_DEVICES=1 and with NCCL_P2P_DISABLE=1, each next to
#    what torch and NCCL do under the same setting (device_count, can_device_access_peer, an all-reduce's result/time);
# 3. fleet report over the bench results of GPU 0, GPU 1 and both (one product: outliers are judged per GPU).
# Everything lands in $OUT/multi-gpu.tgz, and the summary in $OUT/summary.txt.
set -u
out=${OUT:?set OUT}
work=$(mktemp -d)
py=/opt/torch/.venv/bin/python
[ -x "$py" ] || py=$(command -v python3)
sp=$("$py" -c 'import site; print(site.getsitepackages()[0])' 2>/dev/null)
wall() { local name=$1; shift; node scripts/bench-wall.mjs "$work/$name" -- "$@" | tee -a "$work/walls.jsonl"; }
gpuenv() { node dist/cli.js "$@"; }

{
  date -u +%FT%TZ; uname -r; nproc; node --version; "$py" -c 'import torch; print("torch", torch.__version__, "nccl", torch.cuda.nccl.version())'
  nvidia-smi --query-gpu=index,name,driver_version,pci.bus_id,pcie.link.gen.max,pcie.link.width.max,persistence_mode --format=csv
  nvidia-smi topo -m
  nvidia-smi topo -p2p r
  nvidia-smi nvlink -s
  nvidia-smi -q -d FABRIC 2>/dev/null | head -40
  ls /dev/nvidia-nvswitch* 2>/dev/null; pgrep -a nv-fabricmanager
  df -h /dev/shm; ulimit -l
  env | grep -E '^(NCCL_|CUDA_VISIBLE)' || true
  git log -1 --format='commit %H %cd' 2>/dev/null || true
} > "$work/facts.txt" 2>&1

# --- 1. bench with both GPUs
for pass in a b; do
  wall "native-$pass" gpuenv bench --quick --json
  wall "torch-$pass" gpuenv bench --quick --engine torch --python "$py" --json
  wall "plain-$pass" "$py" scripts/bench-torch-plain.py --copy-mib 1,32,256 --gemm 8192 --iters 10
done
node scripts/bench-compare.mjs "$work" > "$work/compare.md" 2>&1
wall nccl-native node scripts/bench-native-nccl.mjs --gpus 0,1 --nccl-dir "$sp/nvidia/nccl/lib"
wall nccl-native-1gpu node scripts/bench-native-nccl.mjs --gpus 1 --nccl-dir "$sp/nvidia/nccl/lib"
NCCL_P2P_DISABLE=1 wall native-p2p-disable gpuenv bench --quick --json
gpuenv bench --quick > "$work/bench-text.txt" 2> "$work/bench-text.err"

# --- 2. health and doctor --deep next to what torch/NCCL do, under each setting
cat > "$work/torch-view.py" <<'PY'
# What torch and NCCL do under this environment: GPUs seen, peer access, and one all-reduce (result and time).
import json, os, socket, sys, time
import torch, torch.multiprocessing as mp
def rank(r, world, port, q):
    import torch.distributed as dist
    torch.cuda.set_device(r)
    dist.init_process_group("nccl", init_method="tcp://127.0.0.1:%d" % port, rank=r, world_size=world, device_id=torch.device("cuda", r))
    x = torch.ones(64 << 20, device="cuda")
    for _ in range(3): dist.all_reduce(x)
    x.fill_(1.0); torch.cuda.synchronize(); t0 = time.perf_counter(); dist.all_reduce(x); torch.cuda.synchronize(); ms = (time.perf_counter() - t0) * 1e3
    if r == 0: q.put({"result": x[0].item(), "expected": world, "ms_256MiB": round(ms, 3), "busbwGBs": round(2 * (world - 1) / world * (256 << 20) / (ms / 1e3) / 1e9, 1)})
    dist.destroy_process_group()
if __name__ == "__main__":
    n = torch.cuda.device_count()
    res = {"env": {k: v for k, v in os.environ.items() if k.startswith(("NCCL_", "CUDA_VISIBLE"))}, "device_count": n,
           "names": [torch.cuda.get_device_name(i) for i in range(n)],
           "can_device_access_peer": {"%d->%d" % (a, b): torch.cuda.can_device_access_peer(a, b) for a in range(n) for b in range(n) if a != b},
           "nccl": ".".join(map(str, torch.cuda.nccl.version()))}
    if n >= 1:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
        q = mp.get_context("spawn").SimpleQueue()
        try:
            mp.spawn(rank, args=(n, port, q), nprocs=n, join=True); res["allreduce"] = q.get()
        except Exception as e:
            res["allreduce"] = {"error": str(e).splitlines()[-1]}
    print(json.dumps(res))
PY
for setting in both cvd1 p2poff; do
  case $setting in
    both) envs=() ;;
    cvd1) envs=(CUDA_VISIBLE_DEVICES=1) ;;
    p2poff) envs=(NCCL_P2P_DISABLE=1) ;;
  esac
  env ${envs[@]+"${envs[@]}"} node dist/cli.js health --json > "$work/health-$setting.json" 2> "$work/health-$setting.err"; echo "health $setting: exit $?" >> "$work/exits.txt"
  env ${envs[@]+"${envs[@]}"} node dist/cli.js health > "$work/health-$setting.txt" 2>&1
  env ${envs[@]+"${envs[@]}"} node dist/cli.js doctor --deep --python "$py" --json > "$work/doctor-$setting.json" 2> "$work/doctor-$setting.err"; echo "doctor $setting: exit $?" >> "$work/exits.txt"
  env ${envs[@]+"${envs[@]}"} node dist/cli.js doctor --deep --python "$py" > "$work/doctor-$setting.txt" 2>&1
  env ${envs[@]+"${envs[@]}"} timeout 120 "$py" "$work/torch-view.py" > "$work/torch-$setting.json" 2> "$work/torch-$setting.err"; echo "torch-view $setting: exit $?" >> "$work/exits.txt"
done

# --- 3. fleet report over the bench results of GPU 0, GPU 1 and both
mkdir -p "$work/fleet"
gpuenv bench --quick --gpu 0 --out-dir "$work/fleet" --node-name gpu0 2> "$work/fleet-gpu0.err"
gpuenv bench --quick --gpu 1 --out-dir "$work/fleet" --node-name gpu1 2> "$work/fleet-gpu1.err"
cp "$work/native-a.out" "$work/fleet/both.json"
gpuenv fleet report "$work/fleet" > "$work/fleet-report.txt" 2>&1; echo "fleet report: exit $?" >> "$work/exits.txt"
gpuenv fleet report "$work/fleet" --json > "$work/fleet-report.json" 2> /dev/null

{
  cat "$work/facts.txt"; echo; cat "$work/walls.jsonl"; echo; cat "$work/exits.txt"; echo
  cat "$work/compare.md"; echo
  for f in nccl-native nccl-native-1gpu; do echo "== $f"; cat "$work/$f.out"; done
  echo "== bench under NCCL_P2P_DISABLE=1, verdicts"; node -e 'const d=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));for(const v of d.linkVerdicts??[])console.log(v.text)' "$work/native-p2p-disable.out"
  for s in both cvd1 p2poff; do echo "== torch view $s"; cat "$work/torch-$s.json"; echo "== health $s"; tail -5 "$work/health-$s.txt"; done
  echo "== fleet report"; cat "$work/fleet-report.txt"
} > "$out/summary.txt" 2>&1
tar czf "$out/multi-gpu.tgz" -C "$work" .
cat "$out/summary.txt"
ls -la "$out"
