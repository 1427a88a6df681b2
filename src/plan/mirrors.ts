// Mirrors for users in mainland China: PyPI simple indexes, conda-forge channel copies and PyTorch wheel copies.
// A table of facts like src/knowledge: every row says where its URL is documented and whether that was confirmed.
import type { Sourced } from '../knowledge/types.js';

const CHECKED = '2026-12-01';

export type MirrorName = 'tuna' | 'aliyun' | 'ustc' | 'sjtu';
export const MIRROR_NAMES: readonly MirrorName[] = ['tuna', 'aliyun', 'ustc', 'sjtu'];

export interface MirrorUrl extends Sourced {
  url: string;
}

export interface Mirror {
  name: MirrorName;
  label: string;
  /** PEP 503 simple index: `pip install -i URL`, `uv pip install --default-index URL`. */
  pypi: MirrorUrl;
  /** conda-forge channel copy: `-c URL --override-channels`. */
  condaForge: MirrorUrl;
  /**
   * PyTorch wheels (a copy of download.pytorch.org/whl/<tag>): `{tag}` is replaced by "cu128". 'find-links' copies
   * are flat folders (`pip install -f URL`), 'index' copies answer as a simple index (`--index-url URL`).
   */
  torchWheels?: MirrorUrl & { kind: 'find-links' | 'index' };
}

const TUNA_PYPI = 'tuna/mirror-web _posts/help/1970-01-01-pypi.md ("pip install -i https://pypi.tuna.tsinghua.edu.cn/simple some-package")';
const USTC_PYPI =
  'ustclug/mirrorhelp docs/pypi.md (https://mirrors.ustc.edu.cn/help/pypi.html: "pip install -i https://mirrors.ustc.edu.cn/pypi/simple <package>", uv --default-index)';
const USTC_CONDA =
  'ustclug/mirrorhelp docs/anaconda.md (https://mirrors.ustc.edu.cn/help/anaconda.html: "conda config --add channels https://mirrors.ustc.edu.cn/anaconda/cloud/conda-forge/")';
const SECONDARY = "public install scripts and READMEs that use this URL (secondary; the mirror's own help page was not in the stored sources)";

export const MIRRORS: readonly Mirror[] = [
  {
    name: 'tuna',
    label: 'Tsinghua TUNA',
    pypi: { url: 'https://pypi.tuna.tsinghua.edu.cn/simple', source: TUNA_PYPI, checked: CHECKED, confirmed: true },
    condaForge: {
      url: 'https://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud/conda-forge',
      source: 'tuna/mirror-web _posts/help/1970-01-01-anaconda.md (stored copies show only pkgs/free and a service-closure notice)',
      checked: CHECKED,
      confirmed: false,
      note: "The cloud/conda-forge path follows the layout USTC documents for its TUNA-synced copy; not read from TUNA's current help page.",
    },
  },
  {
    name: 'aliyun',
    label: 'Alibaba Cloud',
    pypi: { url: 'https://mirrors.aliyun.com/pypi/simple/', source: SECONDARY, checked: CHECKED, confirmed: false },
    condaForge: { url: 'https://mirrors.aliyun.com/anaconda/cloud/conda-forge', source: SECONDARY, checked: CHECKED, confirmed: false },
    torchWheels: {
      url: 'https://mirrors.aliyun.com/pytorch-wheels/{tag}',
      kind: 'find-links',
      source: `${SECONDARY}: "pip install torch … -f https://mirrors.aliyun.com/pytorch-wheels/cu121"`,
      checked: CHECKED,
      confirmed: false,
      note: 'A flat folder of wheels, used with -f; new CUDA tags may appear there later than on download.pytorch.org.',
    },
  },
  {
    name: 'ustc',
    label: 'USTC LUG',
    pypi: {
      url: 'https://mirrors.ustc.edu.cn/pypi/simple',
      source: USTC_PYPI,
      checked: CHECKED,
      confirmed: true,
      note: 'Metadata synced from TUNA; packages not cached are redirected to TUNA.',
    },
    condaForge: {
      url: 'https://mirrors.ustc.edu.cn/anaconda/cloud/conda-forge/',
      source: USTC_CONDA,
      checked: CHECKED,
      confirmed: true,
      note: 'USTC says its Anaconda copy is paused and every request is redirected (302) to TUNA.',
    },
  },
  {
    name: 'sjtu',
    label: 'SJTUG (Shanghai Jiao Tong)',
    pypi: { url: 'https://mirror.sjtu.edu.cn/pypi/web/simple', source: SECONDARY, checked: CHECKED, confirmed: false },
    condaForge: { url: 'https://mirror.sjtu.edu.cn/anaconda/cloud/conda-forge', source: SECONDARY, checked: CHECKED, confirmed: false },
    torchWheels: {
      url: 'https://mirror.sjtu.edu.cn/pytorch-wheels/{tag}',
      kind: 'index',
      source: `${SECONDARY}: "--index-url https://mirror.sjtu.edu.cn/pytorch-wheels/cu126"`,
      checked: CHECKED,
      confirmed: false,
      note: 'A reverse proxy of download.pytorch.org; public notes report it hanging or answering 403 at times.',
    },
  },
];

export function mirror(name: string): Mirror | undefined {
  return MIRRORS.find((m) => m.name === name.toLowerCase());
}
