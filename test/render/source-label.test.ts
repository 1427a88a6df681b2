import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { sourceLabel } from '../../src/render/source-label.js';

afterEach(() => setLang('en'));

describe('evidence source labels', () => {
  const tags = ['pasted', 'pasted:error message', 'pasted (signature no-kernel-image)', 'pasted:dmesg', 'sysfs:/sys/bus/pci/devices', 'nvml'];
  it('English text shows the tag as the JSON has it', () => {
    for (const t of tags) expect(sourceLabel(t)).toBe(t);
  });
  it('Chinese text translates the parts gpuenv wrote and keeps names and paths', () => {
    setLang('zh-CN');
    expect(tags.map(sourceLabel)).toEqual([
      '粘贴内容',
      '粘贴内容：错误信息',
      '粘贴内容（错误特征 no-kernel-image）',
      '粘贴内容：dmesg',
      'sysfs:/sys/bus/pci/devices',
      'nvml',
    ]);
  });
});
