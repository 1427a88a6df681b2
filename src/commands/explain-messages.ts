// Messages of `gpuenv explain` itself: options, the input summary, empty input.
import { defineMessages } from '../i18n/index.js';

export const xm = defineMessages({
  en: {
    'opt.file': '  FILE | -           the text to explain (a log, a traceback, collect_env, nvidia-smi …); - or nothing: standard input',
    'opt.json': '  --json              {schemaVersion, findings[]} as JSON',
    'opt.here': '  --here              also read this machine (its facts win over the pasted ones)',
    title: 'gpuenv explain',
    read: 'Read {lines} lines ({size}).',
    truncated:
      'The input is {total}: its first and last {kept} were read whole, and from the rest the lines that may name a cause ({dropped} of other lines left out).',
    binary: 'The input does not look like text: only its printable runs were read.',
    encoding: 'The input is {encoding}.',
    recognised: 'Recognised: {list}.',
    nothingRecognised: 'No known command output or error message was recognised.',
    facts: 'Facts: {list}.',
    lines: 'lines {from}–{to}',
    empty: 'nothing to explain: the input is empty',
    emptyHint: 'paste an error or a log: gpuenv explain error.txt, or some-command 2>&1 | gpuenv explain -',
    notFound: 'cannot read {file}: {reason}',
    tooMany: 'explain reads one FILE (or - for standard input)',
    hereOnly: 'No text given: explaining this machine only.',
  },
  'zh-CN': {
    'opt.file': '  FILE | -           要解释的文本（日志、traceback、collect_env、nvidia-smi 等）；- 或省略：标准输入',
    'opt.json': '  --json              以 JSON 输出 {schemaVersion, findings[]}',
    'opt.here': '  --here              同时读取本机（本机事实优先于粘贴的事实）',
    read: '读取了 {lines} 行（{size}）。',
    truncated: '输入有 {total}：开头和结尾各 {kept} 完整读取，其余部分只保留可能指出原因的行（略去其他行 {dropped}）。',
    binary: '输入看起来不是文本：只读取了其中可打印的部分。',
    encoding: '输入编码为 {encoding}。',
    recognised: '识别出：{list}。',
    nothingRecognised: '没有识别出已知的命令输出或错误信息。',
    facts: '事实：{list}。',
    lines: '第 {from}–{to} 行',
    empty: '没有可解释的内容：输入为空',
    emptyHint: '请粘贴错误或日志：gpuenv explain error.txt，或 some-command 2>&1 | gpuenv explain -',
    notFound: '无法读取 {file}：{reason}',
    tooMany: 'explain 只读取一个 FILE（或用 - 表示标准输入）',
    hereOnly: '没有给出文本：只解释本机。',
  },
});
