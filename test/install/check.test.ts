// The install checker against real rows of the knowledge tables and invented ones: indexes, torch builds, companions,
// Python, NVIDIA wheels, jax extras, conda; the command-line reader; the guard; and the builders that must only
// produce lines the checker accepts.
import { describe, expect, it } from 'vitest';
import { cudaReleases } from '../../src/knowledge/cuda.js';
import { torchReleases } from '../../src/knowledge/torch.js';
import { checkLine, checkLines, type LineCheck } from '../../src/install/check.js';
import { installCommands, shellCommands } from '../../src/install/command-line.js';
import { guardLines, isWithheld } from '../../src/install/guard.js';
import { nearestTorchBuild, nightlyTags } from '../../src/install/torch-index.js';
import { torchBuildLine, torchPipLine } from '../../src/install/torch.js';
import { cudnnWheelRequirement, nvidiaWheelFor, nvidiaWheelMajors } from '../../src/install/wheels.js';
import { buildSnapshot, env, pkg } from '../helpers/snapshot-builder.js';

const IDX = 'https://download.pytorch.org/whl';
const verdict = (line: string, ctx = {}) => checkLine(line, ctx).verdict;
const why = (c: LineCheck) => c.issues.map((i) => `${i.verdict}: ${i.why}`).join('\n');

describe('PyTorch wheel indexes', () => {
  it.each(['cu118', 'cu121', 'cu124', 'cu126', 'cu128', 'cu130', 'cu101', 'cpu', 'rocm6.2'])('%s is a real index', (tag) => {
    expect(verdict(`pip install torch --index-url ${IDX}/${tag}`)).toBe('ok');
  });
  it.each(['cu112', 'cu114', 'cu120', 'cu122', 'cu123', 'cu125', 'cu127', 'cu65', 'cu90', 'cu131'])(
    '%s never existed: wrong, with the nearest real ones',
    (tag) => {
      const c = checkLine(`pip install --force-reinstall torch --index-url ${IDX}/${tag}`);
      expect(c.verdict).toBe('wrong');
      expect(why(c)).toMatch(new RegExp(`whl/${tag} is not a PyTorch wheel index.*nearest: cu\\d+`));
    },
  );
  it('nightly: the newest builds are known, an invented tag is wrong, an old one cannot be checked', () => {
    for (const tag of nightlyTags()) expect(verdict(`pip install --pre torch --index-url ${IDX}/nightly/${tag}`)).toBe('ok');
    expect(verdict(`pip install --pre torch --index-url ${IDX}/nightly/cu999`)).toBe('wrong');
    expect(verdict(`pip install --pre torch --index-url ${IDX}/nightly/cu111`)).toBe('unknown');
  });
  it('a ROCm that is no release’s stable ROCm cannot be checked', () => {
    expect(verdict(`pip install torch --index-url ${IDX}/rocm5.9.9`)).toBe('unknown');
  });
  it('-f torch_stable.html and --extra-index-url are read too', () => {
    expect(verdict(`pip install torch==1.9.0+cu111 -f ${IDX}/torch_stable.html`)).toBe('ok');
    expect(verdict(`pip install torch==1.9.0+cu113 -f ${IDX}/torch_stable.html`)).toBe('wrong');
    expect(verdict(`pip install xformers --extra-index-url=${IDX}/cu122`)).toBe('wrong');
  });
});

describe('torch builds', () => {
  it('a pinned release and a build it has', () => {
    expect(verdict(`pip install torch==2.5.1 --index-url ${IDX}/cu124`)).toBe('ok');
    expect(verdict(`pip install torch==2.5.1+cu121 -f ${IDX}/torch_stable.html`)).toBe('ok');
  });
  it('a release without that build is wrong and names its builds', () => {
    const c = checkLine(`pip install torch==2.5.1 --index-url ${IDX}/cu128`);
    expect(c.verdict).toBe('wrong');
    expect(why(c)).toContain('torch 2.5.1 has no cu128 build (its builds: cpu, cu118, cu121, cu124)');
  });
  it('a +tag that contradicts the index is wrong', () => {
    expect(verdict(`pip install torch==2.5.1+cu121 --index-url ${IDX}/cu124`)).toBe('wrong');
  });
  it('versions: never released (wrong), outside the table or newer than it (unknown), pre-releases (unknown), unreleased rows (unknown)', () => {
    expect(verdict('pip install torch==2.5.3')).toBe('wrong');
    expect(verdict('pip install torch==2.0.2')).toBe('wrong');
    expect(verdict('pip install torch==1.7.1')).toBe('unknown');
    expect(verdict('pip install torch==2.14.2')).toBe('unknown');
    expect(verdict('pip install torch==3.0.0')).toBe('unknown');
    expect(verdict(`pip install --pre torch==2.13.0.dev20260427 --index-url ${IDX}/nightly/cu130`)).toBe('unknown');
    expect(verdict('pip install torch==2.15.0')).toBe('unknown');
    expect(verdict('pip install torch==2.5.*')).toBe('ok');
  });
  it('"pytorch" on pip is the placeholder package', () => {
    expect(verdict('pip install pytorch')).toBe('wrong');
  });
});

describe('Python of the command or of the environment', () => {
  it('python3.X -m pip, py -3.X, uv --python X.Y', () => {
    const c = checkLine('python3.12 -m pip install torch==1.13.1');
    expect(c.verdict).toBe('wrong');
    expect(why(c)).toContain('torch 1.13.1 has no wheel for Python 3.12 (it supports 3.7 to 3.10)');
    expect(verdict('py -3.8 -m pip install torch==2.5.1')).toBe('wrong');
    expect(verdict('uv pip install --python 3.13 torch==2.5.1')).toBe('ok'); // 3.13 is 2.5's experimental build
    expect(verdict('python3.10 -m pip install torch==2.5.1')).toBe('ok');
  });
  it("the Snapshot's environment when the line names its interpreter, or a plain pip", () => {
    const snapshot = buildSnapshot({ python: [env([pkg('torch', '2.5.1+cu124')], { version: { value: '3.13.1', source: 'test' } })] });
    expect(verdict('/opt/torch/.venv/bin/python -m pip install torch==2.4.1', { snapshot })).toBe('wrong');
    expect(verdict('pip install torch==2.4.1', { snapshot })).toBe('wrong');
    expect(verdict('pip install torch==2.6.0', { snapshot })).toBe('ok');
  });
  it('an unpinned torch on an index with no release for that Python', () => {
    expect(verdict(`python3.12 -m pip install torch --index-url ${IDX}/cu101`)).toBe('wrong');
    expect(verdict(`python3.8 -m pip install torch --index-url ${IDX}/cu101`)).toBe('ok');
  });
  it('the platform, only when the Snapshot states it', () => {
    const windows = buildSnapshot({ os: { id: { value: 'windows', source: 'test' } } });
    expect(verdict(`pip install torch==2.10.0 --index-url ${IDX}/cu129`, { snapshot: windows })).toBe('wrong');
    expect(verdict(`pip install torch==2.10.0 --index-url ${IDX}/cu128`, { snapshot: windows })).toBe('ok');
    expect(verdict(`pip install torch==2.10.0 --index-url ${IDX}/cu129`)).toBe('ok');
  });
});

describe('torchvision / torchaudio of the same release', () => {
  it('confirmed pairs', () => {
    expect(verdict(`pip install torch==2.5.1 torchvision==0.20.1 torchaudio==2.5.1 --index-url ${IDX}/cu124`)).toBe('ok');
    const c = checkLine(`pip install torch==2.5.1 torchvision==0.20.0 --index-url ${IDX}/cu124`);
    expect(c.verdict).toBe('wrong');
    expect(why(c)).toContain('torchvision 0.20.0 does not pair with torch 2.5.1: PyTorch pairs it with torchvision 0.20.1');
  });
  it('a pairing the table holds only by rule cannot be checked; unpinned, pip resolves it from torch==X', () => {
    // 2.10.0: torchvision/torchaudio still by the 0.(minor+15) rule (2.12–2.14 were confirmed on 2026-12-02).
    expect(verdict(`pip install torch==2.10.0 torchvision==0.25.0 --index-url ${IDX}/cu128`)).toBe('unknown');
    expect(verdict(`pip install torch==2.10.0 torchvision --index-url ${IDX}/cu128`)).toBe('ok');
    expect(verdict(`pip install torch==2.10.0 torchaudio==2.10.0 --index-url ${IDX}/cu128`)).toBe('unknown');
  });
  it('builds of different CUDA in one line', () => {
    expect(verdict(`pip install torch==2.5.1+cu124 torchvision==0.20.1+cu121 -f ${IDX}/torch_stable.html`)).toBe('wrong');
  });
  it('a companion the environment keeps, or one an earlier line removed', () => {
    const snapshot = buildSnapshot({ python: [env([pkg('torch', '2.5.1+cu124'), pkg('torchvision', '0.20.1+cu124')])] });
    const left = checkLine(`pip install torch==2.6.0 --index-url ${IDX}/cu124`, { snapshot });
    expect(left.verdict).toBe('wrong');
    expect(why(left)).toContain('keeps torchvision 0.20.1+cu124');
    const [, removed] = checkLines(['pip uninstall -y torch torchvision', `pip install torch==2.6.0 --index-url ${IDX}/cu124`], { snapshot });
    expect(why(removed!)).toContain('an earlier line removes torchvision');
    const [, both] = checkLines(['pip uninstall -y torch torchvision', `pip install torch==2.6.0 torchvision==0.21.0 --index-url ${IDX}/cu124`], { snapshot });
    expect(both!.verdict).toBe('ok');
  });
});

describe('NVIDIA library wheels', () => {
  it('cuDNN: a major never built for that CUDA is wrong; a known release or pin is fine; an unknown build number cannot be checked', () => {
    expect(verdict('pip install "nvidia-cudnn-cu12==7.*"')).toBe('wrong');
    expect(verdict('pip install "nvidia-cudnn-cu13==8.*"')).toBe('wrong');
    expect(verdict('pip install "nvidia-cudnn-cu12==8.9.*"')).toBe('ok');
    expect(verdict('pip install nvidia-cudnn-cu12==9.1.0.70')).toBe('ok');
    expect(verdict('pip install nvidia-cudnn-cu11==8.7.0.84')).toBe('ok');
    expect(verdict('pip install "nvidia-cudnn-cu12==8.9.7.29"')).toBe('unknown');
    expect(verdict('pip install "nvidia-cudnn-cu12==8.8.*"')).toBe('unknown');
  });
  it('a CUDA major without NVIDIA wheels', () => {
    expect(nvidiaWheelMajors()).toEqual([11, 12, 13]);
    for (const name of ['nvidia-cudnn-cu10', 'nvidia-cuda-runtime-cu7', 'nvidia-cublas-cu9', 'nvidia-cublas-cu10'])
      expect(verdict(`pip install ${name}`)).toBe('wrong');
    expect(verdict('pip install nvidia-cublas-cu12')).toBe('ok');
    expect(verdict('pip install nvidia-cublas-cu12==12.4.5.8')).toBe('unknown');
  });
  it('NCCL: torch pins, an invalid specifier', () => {
    expect(verdict('pip install "nvidia-nccl-cu12==2.21.5"')).toBe('ok');
    expect(verdict('pip install "nvidia-nccl-cu13==2.30.7"')).toBe('ok');
    expect(verdict('pip install "nvidia-nccl-cu12==2.19.3*"')).toBe('wrong');
    expect(verdict('pip install "nvidia-nccl-cu12==2.99.1"')).toBe('unknown');
  });
});

describe('jax and tensorflow extras', () => {
  it('jax[cudaNN] per release', () => {
    const c = checkLine('python -m pip install -U "jax[cuda13]==0.6.1"');
    expect(c.verdict).toBe('wrong');
    expect(why(c)).toContain('jax 0.6.1 has no [cuda13] wheels (jax 0.6.1 lists cuda12)');
    expect(verdict('pip install "jax[cuda13]==0.7.2"')).toBe('ok');
    expect(verdict('pip install "jax[cuda12]==0.6.1"')).toBe('ok');
    expect(verdict('pip install -U "jax[cuda12]"')).toBe('ok');
    expect(verdict('pip install "jax[cuda13-local]"')).toBe('ok');
    expect(verdict('pip install "jax[cuda11]"')).toBe('wrong');
    expect(verdict('pip install "jax[cuda14]"')).toBe('wrong');
    expect(verdict('pip install "jax[cuda12_pip]==0.4.20"')).toBe('unknown');
  });
  it('tensorflow[and-cuda] starts with 2.14', () => {
    expect(verdict('pip install "tensorflow[and-cuda]==2.13.0"')).toBe('wrong');
    expect(verdict('pip install "tensorflow[and-cuda]==2.15.*"')).toBe('ok');
  });
});

describe('conda', () => {
  it('pytorch-cuda metapackages and the pytorch channel', () => {
    expect(verdict('conda install pytorch==2.5.1 torchvision==0.20.1 pytorch-cuda=12.4 -c pytorch -c nvidia')).toBe('ok');
    expect(verdict('conda install pytorch pytorch-cuda=12.2 -c pytorch -c nvidia')).toBe('wrong');
    expect(verdict('conda install -y pytorch==2.6.0 pytorch-cuda=12.4 -c pytorch -c nvidia')).toBe('wrong');
    expect(verdict('conda install pytorch==2.5.1 pytorch-cuda=11.6 -c pytorch -c nvidia')).toBe('wrong');
    expect(verdict('conda install pytorch==2.5.1 torchvision==0.19.0 pytorch-cuda=12.4 -c pytorch -c nvidia')).toBe('wrong');
    expect(verdict('conda run -n gpu python -m pip install torch==2.5.1 --index-url https://download.pytorch.org/whl/cu128')).toBe('wrong');
    expect(verdict('conda install pytorch=1.9.0 cudatoolkit=11.1 -c pytorch -c conda-forge')).toBe('ok');
    expect(verdict('conda install -c conda-forge "pytorch=*=cuda*"')).toBe('ok');
  });
});

describe('reading a line as a shell would', () => {
  it('quotes, separators, VAR=value, a trailing comment', () => {
    expect(shellCommands(`A="x y" pip install 'torch==2.5.1' "torchvision==0.20.1" # --index-url ${IDX}/cu999; echo`)).toEqual([
      { env: { A: 'x y' }, argv: ['pip', 'install', 'torch==2.5.1', 'torchvision==0.20.1'] },
    ]);
    expect(shellCommands('ls $(ldconfig -p | grep x) && nvidia-smi -L || true').map((c) => c.argv[0])).toEqual(['ls', 'nvidia-smi', 'true']);
    expect(verdict(`pip uninstall -y torch; pip install torch --index-url ${IDX}/cu999`)).toBe('wrong');
    expect(verdict(`pip install torch --index-url ${IDX}/cu124   # not whl/cu999`)).toBe('ok');
  });
  it('options that take a value are not packages; placeholders and other commands are none', () => {
    const [c] = installCommands('pip install -r requirements.txt -c constraints.txt --target /x torch==2.5.1 --python-version 3.12');
    expect(c).toMatchObject({ kind: 'pip-install', requirements: [{ name: 'torch', specs: [['==', '2.5.1']] }] });
    expect(verdict('TORCH_CUDA_ARCH_LIST="8.6" pip install --no-build-isolation --force-reinstall --no-cache-dir <extension>')).toBe('none');
    expect(verdict('pip install torch --index-url https://download.pytorch.org/whl/cu<nvcc>')).toBe('ok');
    expect(verdict('nvidia-smi -q')).toBe('none');
    expect(verdict('pip install -U bitsandbytes')).toBe('none');
  });
  it('the command a "# " instruction quotes', () => {
    expect(verdict(`# or pip: pip install torch==2.5.1+cu128 -f ${IDX}/torch_stable.html`)).toBe('wrong');
    expect(verdict(`# or: pip install torch==2.5.1 --index-url ${IDX}/cu124`)).toBe('ok');
    expect(verdict('# then run the pip install lines of the findings below')).toBe('none');
  });
});

describe('the guard', () => {
  it('withholds a wrong line, notes one it cannot check, keeps the rest', () => {
    const g = guardLines(
      [
        'nvidia-smi',
        `pip install torch --index-url ${IDX}/cu122`,
        'pip install "nvidia-cudnn-cu12==8.9.7.29"',
        '# or: pip install torch==2.10.0 torchvision==0.25.0',
      ],
      undefined,
    );
    expect(g.lines[0]).toBe('nvidia-smi');
    expect(isWithheld(g.lines[1]!)).toBe(true);
    expect(g.lines[1]).toContain('whl/cu122 is not a PyTorch wheel index');
    expect(g.lines[2]).toMatch(/^# gpuenv could not check the next command against its tables: .*8\.9\.7\.29/);
    expect(g.lines[3]).toBe('pip install "nvidia-cudnn-cu12==8.9.7.29"');
    expect(g.lines[4]).toMatch(/^# or: pip install torch==2\.10\.0 torchvision==0\.25\.0 {3}\(gpuenv could not check this command: /);
    expect(g.withheld.map((w) => w.line)).toEqual([`pip install torch --index-url ${IDX}/cu122`]);
    expect(g.unchecked).toHaveLength(2);
  });
});

describe('the builders produce only lines the checker accepts', () => {
  it('the nearest real build for every CUDA toolkit release and every Python, never an invented tag', () => {
    const seen = new Set<string>();
    for (const c of cudaReleases()) {
      for (const python of [null, '3.8', '3.10', '3.12', '3.14']) {
        const line = torchPipLine({ maxCuda: c.version, python }, { companions: ['torchvision', 'torchaudio'], force: true });
        if (!line) continue;
        seen.add(line);
        const ctx = python ? { python } : {};
        expect(checkLine(line, ctx).verdict, `${c.version} / ${python}: ${line}\n${why(checkLine(line, ctx))}`).toBe('ok');
      }
    }
    expect(seen.size).toBeGreaterThan(10);
  });
  it('stays within a CUDA major and below the given CUDA', () => {
    const b = nearestTorchBuild({ major: 12, maxCuda: '12.3' });
    expect(b?.variant.tag).toBe('cu121');
    expect(nearestTorchBuild({ major: 12, maxCuda: '12.0' })).toBeUndefined();
    expect(nearestTorchBuild({ version: '2.5.1', tag: 'cu128' })).toBeUndefined();
  });
  it('every variant of every released row, with both companions', () => {
    for (const release of torchReleases().filter((r) => !r.unreleased))
      for (const variant of release.cudaVariants) {
        const line = torchBuildLine({ release, variant }, { companions: ['torchvision', 'torchaudio'] });
        expect(checkLine(line).verdict, line).toBe('ok');
      }
  });
  it('NVIDIA wheels only for majors NVIDIA publishes; cuDNN wheels only for a major that has one', () => {
    expect(nvidiaWheelFor('libcudart.so.10.1', 10)).toBeUndefined();
    expect(nvidiaWheelFor('libcublas.so.12', 12)).toBe('nvidia-cublas-cu12');
    expect(cudnnWheelRequirement(7)).toBeUndefined();
    expect(cudnnWheelRequirement(8, 12)).toBe('nvidia-cudnn-cu12==8.*');
    expect(cudnnWheelRequirement(9)).toBe('nvidia-cudnn-cu13==9.*');
    for (const req of [cudnnWheelRequirement(8, 11), cudnnWheelRequirement(8, 12), cudnnWheelRequirement(9, 12)])
      expect(verdict(`pip install "${req}"`)).toBe('ok');
  });
});
