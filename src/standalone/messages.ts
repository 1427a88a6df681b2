// The executable's own failures: a damaged koffi module, a cache folder it will not use, a bench thread set up wrong.
// Kept small: the executable loads it at start-up, before the CLI.
import { defineMessages } from '../i18n/index.js';

export const msg = defineMessages({
  en: {
    'unpack.damaged': 'the koffi module inside this executable does not match its recorded hash ({hash}…): the file is damaged; download it again',
    'unpack.copyDiffers': 'the copy written does not match the recorded hash',
    'unpack.notFolder': '{dir} is not a folder',
    'unpack.otherOwner': '{dir} belongs to another user (uid {uid})',
    'unpack.writable': '{dir} can be written by others (mode {mode})',
    'worker.noThreads': 'the bench thread starts no thread of its own',
    'worker.noAssets': 'the bench thread reads no embedded file',
    'worker.noKoffiDir': 'the bench thread was started without the koffi folder',
  },
  'zh-CN': {
    'unpack.damaged': '本可执行文件内的 koffi 模块与记录的哈希（{hash}…）不符：文件已损坏，请重新下载',
    'unpack.copyDiffers': '写出的副本与记录的哈希不符',
    'unpack.notFolder': '{dir} 不是目录',
    'unpack.otherOwner': '{dir} 属于其他用户（uid {uid}）',
    'unpack.writable': '{dir} 可被其他用户写入（权限 {mode}）',
    'worker.noThreads': '性能测试线程不会再启动自己的线程',
    'worker.noAssets': '性能测试线程不读取内嵌文件',
    'worker.noKoffiDir': '性能测试线程启动时没有拿到 koffi 目录',
  },
});
