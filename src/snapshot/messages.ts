// Messages of reading a Snapshot back (`--snapshot FILE`): what is wrong with a file that is not one.
import { defineMessages } from '../i18n/index.js';

export const msg = defineMessages({
  en: {
    noSuchFile: 'no such file',
    isFolder: 'is a folder',
    cannotRead: '--snapshot {path}: {reason}',
    notJson: '{name}: not JSON; write one with `gpuenv snapshot --json -o FILE`',
    notSnapshot: '{name}: not a gpuenv Snapshot',
    badSchemaVersion: '{name}: schemaVersion {version} is not supported (this gpuenv reads {supported})',
    incomplete: '{name}: not a complete gpuenv Snapshot (missing {missing})',
    invalid: '{name}: not a valid gpuenv Snapshot: {problem}',
    schemaMismatch: 'does not match the schema',
    fieldInvalid: 'is not valid',
    topLevel: '(top level)',
  },
  'zh-CN': {
    noSuchFile: '文件不存在',
    isFolder: '是一个目录',
    cannotRead: '--snapshot {path}：{reason}',
    notJson: '{name}：不是 JSON；请用 `gpuenv snapshot --json -o FILE` 生成',
    notSnapshot: '{name}：不是 gpuenv 快照',
    badSchemaVersion: '{name}：不支持 schemaVersion {version}（本 gpuenv 读取 {supported}）',
    incomplete: '{name}：gpuenv 快照不完整（缺少 {missing}）',
    invalid: '{name}：不是有效的 gpuenv 快照：{problem}',
    schemaMismatch: '不符合 schema',
    fieldInvalid: '取值无效',
    topLevel: '（顶层）',
  },
});
