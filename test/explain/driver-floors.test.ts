// explain, the driver older than the CUDA a program needs (driver-too-old): the floor of each CUDA, read from every tool's wording.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const driverTooOld: ExplainRow[] = [
  {
    name: '+cu121 on driver 470: driver-too-old with the driver floor',
    text: 'torch==2.1.0+cu121\n| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |\nRuntimeError: CUDA driver version is insufficient for CUDA runtime version',
    top: 'driver-too-old',
    cause: { contains: ['CUDA 12.1', '470.82.01'], matches: [/525\.60\.13|530\.30\.02/] },
  },
  {
    name: 'nvidia-container-cli cuda>=X.Y requirement → driver-too-old with the floor of X.Y',
    text: [
      'NVIDIA-SMI 550.90.07   Driver Version: 550.90.07   CUDA Version: 12.4',
      'nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.6, please update your driver to a newer version, or use an earlier cuda container: unknown',
    ],
    top: 'driver-too-old',
    contains: ['12.6', '560', 'NVIDIA_DISABLE_REQUIRE'],
  },
  {
    name: 'CUDA.jl "is not supported by your driver" → driver-too-old with the floor',
    text: 'ERROR: CUDA 11.2 is not supported by your driver (which supports up to 11.0)',
    top: 'driver-too-old',
    contains: ['460'],
  },
  {
    name: 'a plain torch version from pip list → the PyPI default CUDA and its driver floor',
    text: ['RuntimeError: The NVIDIA driver on your system is too old (found version 12040).', 'Package    Version', '---------- -------', 'torch      2.11.0'],
    top: 'driver-too-old',
    contains: ['cu130', '580'],
  },
  {
    name: 'a driver-version line copied from the nvidia-smi header does not swallow the rest of the line',
    text: 'Driver Version: 550.54.14    CUDA Version: 12.4\nCUDA driver version is insufficient for CUDA runtime version',
    snapshot: { 'driver.version': '550.54.14', 'driver.cudaVersion': '12.4' },
  },
  {
    name: 'CUDA 8.0 named in prose with an old driver → the 8.0 floor',
    text: 'cudaGetDeviceCount returned 35\n-> CUDA driver version is insufficient for CUDA runtime version\nDriver Version: 361.42, I built the samples with CUDA 8.0',
    top: 'driver-too-old',
    contains: ['367.48', '361.42'],
  },
  {
    name: 'an old torch from PyPI with "found version 10000" → its default CUDA 10.2 and 440',
    text: 'torch==1.9.0\nUserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 10000).',
    top: 'driver-too-old',
    contains: ['10.2', '440'],
  },
  {
    name: 'a container that wants CUDA 9.0 → 384',
    text: 'nvidia-container-cli: requirement error: unsatisfied condition: cuda>=9.0, please update your driver to a newer version',
    contains: ['384.81'],
  },
  {
    name: 'cudaErrorUnsupportedPtxVersion with the toolkit and driver in Chinese prose names both floors',
    text: 'CUDA error: code=222(cudaErrorUnsupportedPtxVersion) at cudaMalloc\ncuda版本：11.4\n驱动版本: 460.91.03',
    top: 'driver-too-old',
    contains: ['11.4', '470.42.01', '450.80.02'],
  },
  {
    name: 'a toolkit from a package list names the floor',
    text: 'cuda: 11.5.1-1\nnvidia-utils: 465.31-1\nthe provided PTX was compiled with an unsupported toolchain.',
    about: 'driver-too-old',
    contains: ['495'],
  },
  {
    name: 'old nvidia-container-cli with spaces around >=, the driver from a dpkg row',
    text: [
      'ii  nvidia-driver-384  384.130-0ubuntu0.16.04.1  amd64  NVIDIA driver metapackage',
      'nvidia-container-cli: requirement error: unsatisfied condition: cuda >= 10.0',
    ],
    top: 'driver-too-old',
    contains: ['10.0', '384.130'],
  },
  {
    name: "ollama's driver / required_driver pair",
    text: 'level=WARN msg="NVIDIA driver too old" driver=525 required_driver="550 or newer"',
    top: 'driver-too-old',
    contains: ['525', '550'],
  },
  {
    name: 'torch.version.cuda printed on the next REPL line sets the driver floor',
    text: [
      'NVIDIA-SMI 535.54.03   Driver Version: 535.54.03   CUDA Version: 12.2',
      '>>> print(torch.version.cuda)',
      '12.8',
      'UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12020).',
    ],
    top: 'driver-too-old',
    contains: ['12.8', '570'],
  },
  {
    name: 'FFmpeg NVENC API newer than the driver: the floor from the NVENC table',
    text: '[hevc_nvenc @ 0x55d] Driver does not support the required nvenc API version. Required: 12.0 Found: 11.1',
    top: 'driver-too-old',
    contains: ['520.56.06'],
  },
  {
    name: 'FFmpeg prints the floor itself',
    text: 'The minimum required Nvidia driver for nvenc is 570.0 or newer',
    contains: ['570.0'],
  },
  {
    name: 'nvidia-docker 1.0: driver CUDA below the image',
    text: ['nvidia-docker | 2017/01/02 Error: unsupported CUDA version: driver 8.0 < image 9.0', '| NVIDIA-SMI 375.66    Driver Version: 375.66 |'],
    top: 'driver-too-old',
    contains: ['9.0', '375.66'],
  },
  {
    name: 'a Paddle postNNN build on a driver too old for it',
    text: ['paddlepaddle-gpu==1.6.3.post107', 'NVIDIA-SMI 384.81   Driver Version: 384.81', 'CUDA driver version is insufficient for CUDA runtime version'],
    about: 'driver-too-old',
    contains: ['10.0', '384.81'],
  },
  {
    name: 'PTX of a newer ISA than the driver knows: the CUDA of each side',
    text: "ptxas application ptx input, line 9; fatal   : Unsupported .version 8.3; current version is '8.2'",
    top: 'driver-too-old',
    contains: ['12.3', '12.2'],
  },
  {
    name: 'a CUDA 12 runtime DLL on Windows: the Windows driver floor',
    text: 'msg="Unable to load cudart" library=C:\\Users\\me\\AppData\\Local\\Programs\\Ollama\\lib\\ollama\\cudart64_12.dll error="your nvidia driver is too old or missing."',
    top: 'driver-too-old',
    contains: ['527.41'],
  },
  {
    name: 'the oldest nvidia-docker CUDA check (two numbers)',
    text: 'nvidia-docker | 2016/05/01 Error: unsupported CUDA version: 8.0 < 7.5',
    top: 'driver-too-old',
    contains: ['8.0'],
  },
  {
    name: 'a driver version in markdown bold is still the driver',
    text: ['the host runs driver **535.183.01**', 'CUDA driver version is insufficient for CUDA runtime version', 'torch 2.7.0+cu128'],
    contains: ['535.183.01'],
  },
  {
    name: 'a CUDA image tag and a driver stated in prose',
    text: [
      'CUDA driver version is insufficient for CUDA runtime version',
      'The version of the driver installed on the nodes is 410.104.',
      'I built my container from nvidia/cuda:10.1-devel-ubuntu18.04.',
    ],
    top: 'driver-too-old',
    contains: ['410.104', '418.39'],
  },
  {
    name: 'CUDA.jl: the driver below every supported toolkit',
    text: 'Error: CUDA driver 10.1.0 is not compatible with any supported CUDA toolkit (11.4.4, 11.5.2, 12.0.1)',
    top: 'driver-too-old',
    contains: ['11.4'],
  },
  {
    name: 'a Windows driver file version read as the NVIDIA version',
    text: ['CUDA driver version is insufficient for CUDA runtime version', 'Driver Version: 30.0.14.7141'],
    contains: ['471.41'],
  },
  {
    name: 'every CUDA named in prose is named in a CUDA finding',
    text: ['I tried both the CUDA 10.2 and CUDA 11.3 builds of pytorch', 'CUDA driver version is insufficient for CUDA runtime version'],
    about: 'driver-too-old',
    contains: ['10.2', '11.3'],
  },
  {
    name: 'the CUDA tag in the index folder of a torch wheel URL sets the driver floor',
    text: [
      'pip install https://download.pytorch.org/whl/cu92/torch-1.2.0-cp37-cp37m-manylinux1_x86_64.whl',
      'AssertionError: The NVIDIA driver on your system is too old (found version 9000).',
    ],
    top: 'driver-too-old',
    contains: ['torch 1.2.0+cu92', '396'],
  },
  {
    name: 'an NGC container names the driver release it was built for',
    text: 'ERROR: This container was built for NVIDIA Driver Release 550.54 or later, but\n       version 525.147.05 was detected and compatibility mode is UNAVAILABLE.',
    top: 'driver-too-old',
    contains: ['550.54', '525.147.05'],
  },
  {
    name: '"CUDA driver version is 11080, expected at least 12000" names both CUDA versions',
    text: 'warning : CUDA driver version is 11080, expected at least 12000.',
    top: 'driver-too-old',
    contains: ['12.0', '525.60.13'],
  },
  {
    name: 'TensorFlow 1.x "possibly insufficient driver version" with the TF release gives the floor of its CUDA',
    text: ['tensorflow 1.12.0', 'E tensorflow/stream_executor/cuda/cuda_dnn.cc:373] possibly insufficient driver version: 390.48.0'],
    top: 'driver-too-old',
    contains: ['9.0', '384.81'],
  },
  {
    name: "a CUDA named in prose above what the driver runs is the program's CUDA",
    text: [
      'I built it with cuda 10.2 and now get: NVIDIA Insufficient driver!',
      '| NVIDIA-SMI 418.87.00    Driver Version: 418.87.00    CUDA Version: 10.1     |',
    ],
    top: 'driver-too-old',
    contains: ['440.33'],
  },
  {
    name: 'an image requirement with brand exceptions: the CUDA the image needs and the driver floor',
    text: 'nvidia-container-cli --load-kmods configure --require=cuda>=11.4 brand=tesla,driver>=418,driver<419 --pid=1 /x\\nnvidia-container-cli: requirement error: unsatisfied condition: brand = tesla',
    top: 'driver-too-old',
    contains: ['11.4', '470'],
  },
  {
    name: "FFmpeg's other NVENC layout: the floor it prints",
    text: ['Required: NVENC API 13.0', 'Found: 12.2', 'Minimum required Nvidia driver is 570.0 or newer'],
    top: 'driver-too-old',
    contains: ['570'],
  },
  {
    name: 'rpm rows name the driver',
    text: [
      '$ rpm -qa | grep nvidia',
      'akmod-nvidia-550.78-1.fc40.x86_64',
      'CUDA error: the provided PTX was compiled with an unsupported toolchain.',
      'container CUDA 12.6',
    ],
    snapshot: { 'driver.version': '550.78' },
  },
  {
    name: 'a Paddle release-candidate build names its CUDA for the driver floor',
    text: ['pip install paddlepaddle-gpu==2.0.0rc1.post110', 'ExternalError: Cuda error(35), CUDA driver version is insufficient for CUDA runtime version.'],
    top: 'driver-too-old',
    contains: ['11.0'],
  },
  {
    name: 'a driver floor the sources disagree on is shown with its note',
    text: [
      'I built it with cuda 9.1',
      'CUDA driver version is insufficient for CUDA runtime version',
      '| NVIDIA-SMI 384.111                Driver Version: 384.111                   |',
    ],
    about: 'driver-too-old',
    contains: ['387.26'],
  },
  {
    name: 'a conda cudatoolkit newer than the driver runs, with no message',
    text: [
      'conda install pytorch torchvision cudatoolkit=11.3 -c pytorch',
      '| NVIDIA-SMI 450.80.02    Driver Version: 450.80.02    CUDA Version: 11.0     |',
      "print('GPU available:', torch.cuda.is_available())  # False",
    ],
    about: 'driver-too-old',
    contains: ['11.3', '450.80.02'],
  },
];

describe('driver-too-old', () => {
  for (const row of driverTooOld) it(row.name, () => checkExplain(row));
});
