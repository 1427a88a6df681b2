// Why a native library or the native probe gave no answer. They are stored in the Snapshot as written, in the
// language the probe ran in (the parent hands its language to the probe's child process in GPUENV_LANG).
import { defineMessages } from '../i18n/index.js';

export const msg = defineMessages({
  en: {
    'child.linuxOnly': 'native probes support Linux only (this is {platform})',
    'child.noKoffi': 'koffi could not be loaded: {why}',
    'child.failed': 'native probe failed: {why}',
    'load.failed': '{soname}: could not load {failures}',
    'load.onlyStubs': '{soname}: only stub libraries found ({stubs})',
    'load.notFound': '{soname}: not found in LD_LIBRARY_PATH, ld.so.cache or {dirs}',
    'cuda.noCuInit': '{soname}: {path} does not export cuInit',
    'nvml.noInit': '{soname}: {path} exports neither nvmlInit_v2 nor nvmlInit',
    'run.cannotStart': 'could not start the native probe: {why}',
    'run.timeout': 'native probe did not finish within {ms} ms',
    'run.process': 'native probe process: {why}',
    'run.killed': 'native probe killed by {signal}{tail}',
    'run.noReport': 'native probe exited with code {code} without a report{tail}',
    'run.unknownCode': 'unknown',
    'run.tail': ': {stderr}',
  },
  'zh-CN': {
    'child.linuxOnly': '原生探测只支持 Linux（当前系统为 {platform}）',
    'child.noKoffi': '无法加载 koffi：{why}',
    'child.failed': '原生探测失败：{why}',
    'load.failed': '{soname}：无法加载 {failures}',
    'load.onlyStubs': '{soname}：只找到 stub 库（{stubs}）',
    'load.notFound': '{soname}：在 LD_LIBRARY_PATH、ld.so 缓存和 {dirs} 中都没有找到',
    'cuda.noCuInit': '{soname}：{path} 没有导出 cuInit',
    'nvml.noInit': '{soname}：{path} 既没有导出 nvmlInit_v2，也没有导出 nvmlInit',
    'run.cannotStart': '无法启动原生探测：{why}',
    'run.timeout': '原生探测在 {ms} ms 内没有完成',
    'run.process': '原生探测进程：{why}',
    'run.killed': '原生探测被 {signal} 终止{tail}',
    'run.noReport': '原生探测退出（退出码 {code}），没有给出报告{tail}',
    'run.unknownCode': '未知',
    'run.tail': '：{stderr}',
  },
});
