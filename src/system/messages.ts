// Errors about what the user gave on the command line (durations, -o files, --root), and why a mounted root or a
// fixture answers nothing.
import { defineMessages } from '../i18n/index.js';

export const msg = defineMessages({
  en: {
    'duration.bad': '{flag} {text}: give a duration such as 30s, 5m or 1h (at most {days} days)',
    'timeout.bad': '--timeout {value}: give seconds between 0 and 600, e.g. --timeout 5',
    'output.linkLoop': '{path}: too many levels of symbolic links',
    'output.isFolder': '-o {file}: is a folder',
    'output.notFile': '-o {file}: not a regular file',
    'output.exists': '-o {file}: the file exists; add --force to replace it',
    'output.cannotWrite': 'cannot write {file}: {why}',
    'root.missing': '--root {root}: no such folder',
    'root.notFolder': '--root {root}: not a folder',
    'root.denied': '--root {root}: permission denied',
    'root.notRun': 'not run: reading a mounted root',
    'root.notLoaded': 'not loaded: reading a mounted root',
    'fixture.noNative': 'no native answers recorded for this machine',
  },
  'zh-CN': {
    'duration.bad': '{flag} {text}：请给出时长，如 30s、5m 或 1h（最长 {days} 天）',
    'timeout.bad': '--timeout {value}：请给出 0 到 600 之间的秒数，如 --timeout 5',
    'output.linkLoop': '{path}：软链接层数过多',
    'output.isFolder': '-o {file}：是一个目录',
    'output.notFile': '-o {file}：不是普通文件',
    'output.exists': '-o {file}：文件已存在；如需覆盖请加 --force',
    'output.cannotWrite': '无法写入 {file}：{why}',
    'root.missing': '--root {root}：目录不存在',
    'root.notFolder': '--root {root}：不是目录',
    'root.denied': '--root {root}：权限不足',
    'root.notRun': '未运行：正在读取挂载的根目录',
    'root.notLoaded': '未加载：正在读取挂载的根目录',
    'fixture.noNative': '此机器没有录制原生探测的结果',
  },
});
