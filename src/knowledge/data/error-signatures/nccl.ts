// Multi-GPU and multi-node communication: NCCL errors, P2P, PCIe topology, the network between ranks.
import { sig } from './types.js';

export const NCCL_SIGNATURES = [
  // ---- NCCL ---------------------------------------------------------------------------------------------
  sig(
    'nccl-system-error',
    ['unhandled system error', 'ncclsystemerror'],
    /(unhandled system error|ncclSystemError)/i,
    [{ code: 'nccl-failure', when: 'most often /dev/shm too small in Docker (--shm-size / --ipc=host); NCCL_DEBUG=INFO shows the failing call' }],
    1,
    'https://github.com/NVIDIA/nccl/issues/290',
    { confirmed: false, note: 'representative shm report', noteZh: '一例有代表性的共享内存（shm）报告' },
  ),
  sig(
    'nccl-shm',
    ['shared memory segment', '/dev/shm', 'nccl'],
    /(Error while creating shared memory segment|\/dev\/shm\/nccl[^\n]{0,80}(No space left|failed)|No space left on device[^\n]{0,60}shm)/i,
    [{ code: 'nccl-failure', when: '/dev/shm is too small (Docker default 64 MB)' }],
    1,
    'https://github.com/NVIDIA/nccl/issues/290',
    { confirmed: false, note: 'representative shm report', noteZh: '一例有代表性的共享内存（shm）报告' },
  ),
  sig(
    'nccl-cuda-error',
    ['unhandled cuda error', 'ncclunhandledcudaerror'],
    /(unhandled cuda error|ncclUnhandledCudaError)/i,
    [{ code: 'nccl-failure', when: 'P2P between GPUs fails (IOMMU/ACS, virtualised PCIe): try NCCL_P2P_DISABLE=1' }],
    1,
    'https://github.com/NVIDIA/nccl/issues/631',
  ),
  sig(
    'nccl-p2p',
    ['peer access', 'p2p'],
    /(peer access is not supported between these two devices|P2P[^\n]{0,40}(fail|not supported|disabled))/i,
    [{ code: 'nccl-failure', when: 'ACS/IOMMU blocks PCIe peer-to-peer' }],
    0.8,
    'https://github.com/NVIDIA/nccl/issues/2079',
  ),
  sig(
    'nccl-socket',
    ['no socket interface found', 'socketstartconnect', 'bootstrap'],
    /(no socket interface found|socketStartConnect: Connect to [^\n]{0,80}failed|Bootstrap : no socket interface)/i,
    [{ code: 'nccl-failure', when: 'no usable network interface between nodes: set NCCL_SOCKET_IFNAME' }],
    0.9,
    'https://github.com/NVIDIA/nccl/issues/667',
    { confirmed: false, note: 'related NCCL topology/interface thread', noteZh: '相关的 NCCL 拓扑/网络接口帖子' },
  ),
  // torch's wrapper of any NCCL result: "NCCL error in: …/ProcessGroupNCCL.cpp:1275, internal error". The kind
  // alone says little; the NCCL_DEBUG=INFO log, versions and topology tell the cause.
  sig(
    'nccl-error-in',
    ['nccl error in'],
    /NCCL error in:?[^\n]{0,200}?\.(?:cpp|hpp|cc|h):\d{1,6},\s{0,2}(?<kind>[A-Za-z][A-Za-z ]{3,60})/i,
    [
      {
        code: 'nccl-failure',
        when: 'an NCCL call failed: NCCL_DEBUG=INFO names the call; internal errors across nodes often come from different NCCL versions or interfaces',
      },
    ],
    0.8,
    'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html',
  ),
  sig(
    'nccl-remote-exited',
    ['remote process exited or there was a network error'],
    /remote process exited or there was a network error/i,
    [{ code: 'nccl-failure', when: 'a peer rank died or the ranks cannot reach each other over the interface NCCL picked (NCCL_SOCKET_IFNAME)' }],
    1,
    'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html (ncclRemoteError)',
  ),
  sig(
    'nccl-warn',
    ['nccl warn'],
    /NCCL WARN (?<what>[^\n]{1,200})/,
    [{ code: 'nccl-failure', when: 'NCCL reports a problem; the WARN line says which call failed' }],
    0.5,
    'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html',
  ),
  sig(
    'nccl-timeout',
    ['watchdog caught collective operation timeout'],
    /Watchdog caught collective operation timeout/i,
    [{ code: 'nccl-failure', when: 'a collective hung: P2P/ACS, one rank crashed, or network' }],
    0.8,
    'https://github.com/NVIDIA/nccl-tests/issues/117',
  ),
  // A native crash with SIGBUS inside NCCL or a DataLoader: /dev/shm ran out (docker's 64 MB).
  sig(
    'bus-error',
    ['bus error', 'signal 7'],
    /Caught signal 7 \(Bus error|\bBus error\b[^\n]{0,40}(?:nonexistent physical address|core dumped)/i,
    [
      { code: 'nccl-failure', when: "NCCL's shared-memory transport ran out of /dev/shm (docker: --shm-size / --ipc=host)" },
      { code: 'out-of-memory', when: 'DataLoader workers ran out of /dev/shm' },
    ],
    0.8,
    'https://github.com/msr-fiddle/pipedream/issues/76',
    { confirmed: false, note: 'that thread: --shm-size fixed it', noteZh: '该帖：加上 --shm-size 后解决' },
  ),
  // ---- NCCL network and bootstrap ---------------------------------------------------------------------------
  sig(
    'nccl-net-error',
    [
      'socket creation failed',
      'connection refused',
      'connection timed out',
      'connection reset by peer',
      'net/ib',
      'net/socket',
      'address family not supported',
    ],
    /(Socket creation failed|\bsocket\.(?:h|cc):\d+[^\n]{0,20}WARN|NET\/(?:IB|Socket)[^\n]{0,80}(?:fail|error|WARN|timeout|No device)|(?:NCCL|c10d|ProcessGroupNCCL|TCPStore|gloo|rendezvous)[^\n]{0,160}(?:Connection refused|Connection timed out|Connection reset by peer)|(?:Connection refused|Connection timed out|Connection reset by peer)[^\n]{0,160}(?:NCCL|c10d|TCPStore|gloo|rendezvous))/i,
    [
      {
        code: 'nccl-failure',
        when: 'the ranks cannot reach each other over the interface NCCL picked: NCCL_SOCKET_IFNAME, firewall, or NCCL_IB_DISABLE when InfiniBand is absent/broken',
      },
    ],
    0.9,
    'https://github.com/NVIDIA/nccl/issues/210',
  ),
  sig(
    'nccl-env-mention',
    ['nccl_socket_ifname', 'nccl_ib_disable', 'nccl_p2p_disable', 'nccl_shm_disable'],
    /\bNCCL_(?:SOCKET_IFNAME|IB_DISABLE|P2P_DISABLE|P2P_LEVEL|SHM_DISABLE)\b/i,
    [{ code: 'nccl-failure', when: "the paste is about NCCL's transport settings" }],
    0.3,
    'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html',
  ),
  // ---- PCIe peer-to-peer, topology and hangs --------------------------------------------------------------------
  // After the sections above: one NCCL line can name a setting (NCCL_P2P_DISABLE) or a connection error and a hang,
  // and its events list nccl-env-mention and nccl-net-error first.
  sig(
    'nccl-p2p-transport',
    ['p2p/ipc', 'p2p/cumem', 'nccl_p2p_disable'],
    /(?:via P2P\/(?:IPC|CUMEM|direct pointer)|\bNCCL_P2P_DISABLE\s{0,2}=\s{0,2}1)/i,
    [
      {
        code: 'nccl-failure',
        when: 'NCCL uses PCIe peer-to-peer between the GPUs (or disabling it works around the problem): ACS on PCIe switches redirects P2P through the root complex and hangs',
      },
    ],
    0.4,
    'https://github.com/NVIDIA/nccl/issues/631',
  ),
  sig(
    'gpu-topo-pcie-switch',
    ['pix', 'pxb'],
    /^\s{0,4}GPU\d{1,2}\s[^\n]{0,60}\b(?:PIX|PXB)\b/,
    [
      {
        code: 'nccl-failure',
        when: 'nvidia-smi topo -m shows GPUs behind PCIe switches (PIX/PXB): P2P there goes through the switch, where ACS can block or hang it',
      },
    ],
    0.2,
    'https://github.com/NVIDIA/nccl/issues/667',
  ),
  sig(
    'gpudirect-rdma',
    ['peer_mem', 'peermem', 'gpudirect rdma'],
    /\bnv_peer_mem(?:ory)?\b|\bnvidia[-_]peermem\b|\bGPUDirect RDMA\b/i,
    [{ code: 'nccl-failure', when: 'GPUDirect RDMA through a PCIe switch needs ACS off' }],
    0.5,
    'https://github.com/NVIDIA/nccl/issues/304',
    { confirmed: false, note: 'that thread: ACS on PLX switches, disabled with setpci', noteZh: '该帖：PLX 交换芯片上开启了 ACS，用 setpci 关闭' },
  ),
  // CUDA samples / NCCL debug output listing which GPU pairs have peer access (simpleP2P, p2pBandwidthLatencyTest).
  sig(
    'p2p-cannot-access',
    ['cannot access peer'],
    /Device[= ]{1,2}\d{1,2} CANNOT Access Peer Device[= ]{1,2}\d{1,2}/i,
    [{ code: 'nccl-failure', when: 'some GPU pairs have no peer access: across CPU sockets that is expected; on one switch it is ACS or the IOMMU' }],
    0.3,
    'https://github.com/NVIDIA/nccl/issues/257',
    {
      confirmed: false,
      note: 'simpleP2P output; that thread: AllReduce hang fixed by booting with intel_iommu=off',
      noteZh: 'simpleP2P 的输出；该帖：以 intel_iommu=off 启动后 AllReduce 卡死问题解决',
    },
  ),
  // An AMD host CPU: there the IOMMU (AMD-Vi) on routes PCIe P2P badly and NCCL hangs (nccl#199: "if you are using
  // AMD CPUs, you can try turning off Virtual Technology (VT) in the BIOS"; nccl#120: iommu=soft fixed it). Context only.
  sig('amd-host-cpu', ['ryzen', 'epyc', 'threadripper'], /\b(?:Ryzen|EPYC|Threadripper)\b/i, [], 0.1, 'https://github.com/NVIDIA/nccl/issues/199', {
    confirmed: false,
    note: "context for P2P hangs; the IOMMU advice is the NCCL maintainers' in nccl#199 and nccl#120",
    noteZh: 'P2P 卡死问题的上下文；关于 IOMMU 的建议来自 NCCL 维护者在 nccl#199 和 nccl#120 中的回复',
  }),
  sig(
    'multi-gpu-hang',
    ['hang', 'hung', 'freez', 'stuck', 'deadlock'],
    /\b(?:hangs?|hanging|hung|freez(?:e|es|ing)|frozen|stuck|deadlocks?)\b[^\n]{0,80}\b(?:GPUs|NCCL|all_?reduce\w*|allreduce|all_?gather\w*|reduce_?scatter\w*|all_?to_?all\w*|nccl-tests|DDP|ranks?|P2P)\b|\b(?:GPUs|NCCL|all_?reduce\w*|allreduce|all_?gather\w*|reduce_?scatter\w*|all_?to_?all\w*|nccl-tests|DDP|ranks?|P2P)\b[^\n]{0,80}\b(?:hangs?|hanging|hung|freez(?:e|es|ing)|frozen|stuck|deadlocks?)\b/i,
    [{ code: 'nccl-failure', when: 'a multi-GPU job hangs: P2P through a PCIe switch with ACS on, or one rank died' }],
    0.3,
    'https://github.com/NVIDIA/nccl/issues/631',
  ),
];
