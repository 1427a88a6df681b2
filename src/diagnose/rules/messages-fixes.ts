// The comments inside fix command lists (`command   # why`): the command stays as it is, the comment is translated.
import { defineMessages } from '../../i18n/index.js';

export const fx = defineMessages({
  en: {
    staleNvmlLink: "the libnvidia-ml.so.1 that loads: a stale link to the old driver's library also gives this error",
    dkmsBuiltForKernel: 'nvidia.ko* built for this kernel?',
    dockerGpus: '(needs the NVIDIA Container Toolkit; nvidia-docker run … on old nvidia-docker setups)',
    inDocker: 'docker: ',
    orWhenIdle: 'or, with no process on the GPU:',
  },
  'zh-CN': {
    staleNvmlLink: '实际加载的 libnvidia-ml.so.1：指向旧驱动库的残留软链接也会导致这个错误',
    dkmsBuiltForKernel: '有没有为当前内核编译的 nvidia.ko*？',
    dockerGpus: '（需要 NVIDIA Container Toolkit；老的 nvidia-docker 环境用 nvidia-docker run …）',
    inDocker: 'docker 中：',
    orWhenIdle: '或者在 GPU 上没有进程时：',
  },
});
