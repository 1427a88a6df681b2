// NVENC API version → minimum NVIDIA driver, as FFmpeg's nvenc encoder prints it ("The minimum required Nvidia
// driver for nvenc is X or newer"). The driver an FFmpeg build needs is fixed by the nv-codec-headers it was
// compiled against (NVENC API = Video Codec SDK version), not by the FFmpeg version.
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';
const FFMPEG = 'FFmpeg libavcodec/nvenc.c (NVENC_VERSION → minimum driver message), as quoted in public logs';

export interface NvencFloor extends Sourced {
  /** NVENC API (Video Codec SDK) version: "12.1". */
  api: string;
  linux: string;
  windows: string;
}

export const NVENC_FLOORS: readonly NvencFloor[] = [
  {
    api: '11.0',
    linux: '455.28',
    windows: '456.71',
    source: FFMPEG,
    checked: CHECKED,
    confirmed: false,
    note: 'from memory of nvenc.c; not re-read from a stored copy',
    noteZh: '凭对 nvenc.c 的记忆给出；未对照存档副本重新核对',
  },
  {
    api: '11.1',
    linux: '470.57.02',
    windows: '471.41',
    source: FFMPEG,
    checked: CHECKED,
    confirmed: false,
    note: 'from memory of nvenc.c; not re-read from a stored copy',
    noteZh: '凭对 nvenc.c 的记忆给出；未对照存档副本重新核对',
  },
  {
    api: '12.0',
    linux: '520.56.06',
    windows: '522.25',
    source: `${FFMPEG}; logs quoting "520.56.06" and "522.25 or newer"`,
    checked: CHECKED,
    confirmed: true,
  },
  {
    api: '12.1',
    linux: '530.41.03',
    windows: '531.61',
    source: `${FFMPEG}; https://github.com/GyanD/codexffmpeg/issues/161 (12.1 needs 531.61)`,
    checked: CHECKED,
    confirmed: false,
    note: 'Windows floor confirmed by the maintainer; Linux floor from memory',
    noteZh: 'Windows 驱动下限已由维护者确认；Linux 驱动下限凭记忆给出',
  },
  {
    api: '12.2',
    linux: '550.54.14',
    windows: '551.76',
    source: FFMPEG,
    checked: CHECKED,
    confirmed: false,
    note: 'from memory of nvenc.c; not re-read from a stored copy',
    noteZh: '凭对 nvenc.c 的记忆给出；未对照存档副本重新核对',
  },
  { api: '13.0', linux: '570.0', windows: '570.0', source: `${FFMPEG}; logs quoting "570.0 or newer" for API 13.0`, checked: CHECKED, confirmed: true },
  { api: '13.1', linux: '610.00', windows: '610.00', source: `${FFMPEG}; logs quoting "Required: 13.1 … 610.00 or newer"`, checked: CHECKED, confirmed: true },
];

export function nvencFloor(api: string): NvencFloor | undefined {
  return NVENC_FLOORS.find((r) => r.api === api);
}
