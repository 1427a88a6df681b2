// Help and usage errors of `gpuenv plan`.
import { section } from '../../i18n/index.js';

export const plan = section({
  en: {
    help: [
      '  --framework torch[@VER]|tensorflow[@VER]|jax[@VER]   what to install (repeatable; default torch)',
      '  --via pip|uv|conda|docker   installer (default pip)',
      '  --python VER        Python version of the environment',
      '  --gpu NAME          plan for another machine with this GPU (repeatable)',
      "  --driver VER        that machine's driver (omit: the plan installs one)",
      "  --os ID             that machine's OS: ubuntu-22.04, ubuntu-24.04, debian-12, rhel-9, wsl, windows (…/aarch64)",
      '  --cuda VER          use builds of this CUDA and install its toolkit (nvcc, for building extensions)',
      '  --mirror NAME       tuna|aliyun|ustc|sjtu: PyPI, conda-forge and PyTorch wheel mirrors',
      '  --json              {choices, steps, reasons} as JSON',
    ].join('\n'),
    badFramework: 'unknown framework "{name}"',
    badFrameworkHint: 'use torch, tensorflow or jax, optionally with @VERSION (torch@2.5)',
    badVersion: 'unknown {framework} version "{version}"',
    closest: 'closest: {list}',
    badVia: 'unknown installer "{via}": use pip, uv, conda or docker',
    badMirror: 'unknown mirror "{mirror}": use tuna, aliyun, ustc or sjtu',
    badPython: '"{python}" is not a Python version (e.g. 3.12)',
    badCuda: '"{cuda}" is not a CUDA version (e.g. 12.8)',
    noConda: 'PyTorch {version} has no conda build',
    noCondaHint: 'conda builds: 1.13–2.5 on -c pytorch, released versions after 2.5 on conda-forge; use --via pip or uv',
    noGpu: 'no NVIDIA GPU found on this machine; pass --gpu NAME to plan for another one',
  },
  'zh-CN': {
    badFramework: '未知框架 "{name}"',
    badFrameworkHint: '请用 torch、tensorflow 或 jax，可加 @版本（如 torch@2.5）',
    badVersion: '未知的 {framework} 版本 "{version}"',
    closest: '最接近的：{list}',
    badVia: '未知安装方式 "{via}"：请用 pip、uv、conda 或 docker',
    badMirror: '未知镜像 "{mirror}"：请用 tuna、aliyun、ustc 或 sjtu',
    badPython: '"{python}" 不是 Python 版本（例如 3.12）',
    badCuda: '"{cuda}" 不是 CUDA 版本（例如 12.8）',
    noConda: 'PyTorch {version} 没有 conda 构建',
    noCondaHint: 'conda 构建：1.13–2.5 在 -c pytorch，2.5 之后的正式版在 conda-forge；请用 --via pip 或 uv',
    noGpu: '本机没有找到 NVIDIA GPU；用 --gpu 名称 为另一台机器做计划',
    help: '  --framework torch[@VER]|tensorflow[@VER]|jax[@VER]   要安装的框架（可重复；默认 torch）\n  --via pip|uv|conda|docker   安装方式（默认 pip）\n  --python VER        环境的 Python 版本\n  --gpu NAME          为另一台装有此 GPU 的机器做计划（可重复）\n  --driver VER        那台机器的驱动版本（省略：计划中包含安装驱动）\n  --os ID             那台机器的系统：ubuntu-22.04、ubuntu-24.04、debian-12、rhel-9、wsl、windows（…/aarch64）\n  --cuda VER          使用此 CUDA 版本的构建，并安装对应工具包（nvcc，用于编译扩展）\n  --mirror NAME       tuna|aliyun|ustc|sjtu：PyPI、conda-forge 和 PyTorch wheel 的镜像源\n  --json              以 JSON 输出 {choices, steps, reasons}',
  },
});
