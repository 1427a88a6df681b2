// Help lines of `gpuenv cuda`.
import { section } from '../../i18n/index.js';

export const cuda = section({
  en: {
    help:
      "  list                          every toolkit: version, path, how installed, size, what points at it; frameworks' build CUDA\n" +
      '  use [VERSION|PATH]            print shell lines that switch this shell (PATH, LD_LIBRARY_PATH, CUDA_HOME, CUDA_PATH);\n' +
      '                                without a version, the nearest .cuda-version file decides\n' +
      '    --shell bash|zsh|fish|powershell   shell to print for (default: from $SHELL)\n' +
      '    --global                    repoint /usr/local/cuda (or /etc/alternatives/cuda) atomically, for every shell\n' +
      '    --dry-run                   with --global: show what would change\n' +
      '  undo [--dry-run]              put back the link the last --global switch replaced\n' +
      '  init bash|zsh|fish|powershell print a hook that applies .cuda-version on cd\n' +
      '  which                         the nvcc, CUDA_HOME and runtime a build would use now, and mismatches\n' +
      '  --json                        JSON for scripts (list, which, use)',
  },
  'zh-CN': {
    help:
      '  list                          列出每个工具包：版本、路径、安装方式、大小、被谁引用；以及框架编译所用的 CUDA\n' +
      '  use [版本|路径]                打印切换当前 shell 的语句（PATH、LD_LIBRARY_PATH、CUDA_HOME、CUDA_PATH）；\n' +
      '                                不给版本时由最近的 .cuda-version 文件决定\n' +
      '    --shell bash|zsh|fish|powershell   输出哪种 shell 的语句（默认取 $SHELL）\n' +
      '    --global                    原子地改写 /usr/local/cuda（或 /etc/alternatives/cuda），对所有 shell 生效\n' +
      '    --dry-run                   与 --global 一起：只显示将要做的改动\n' +
      '  undo [--dry-run]              恢复上一次 --global 切换前的链接\n' +
      '  init bash|zsh|fish|powershell 打印一个在 cd 时应用 .cuda-version 的钩子\n' +
      '  which                         现在编译会用到的 nvcc、CUDA_HOME 和运行时，以及不一致之处\n' +
      '  --json                        输出 JSON（list、which、use）',
  },
});
