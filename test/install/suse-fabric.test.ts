// SUSE driver packages and the Fabric Manager package, as the sources named in src/install/driver.ts give them
// (SUSE's packager's guide at sndirsch.github.io; NVIDIA's cloud-native docs for the dnf name; checked 2026-12-02).
import { describe, expect, it } from 'vitest';
import { fabricManagerInstall, proprietaryModuleLines } from '../../src/install/driver.js';
import type { Snapshot } from '../../src/snapshot/types.js';
import { snapshotOf } from '../helpers/machines.js';

async function on(id: string, version: string): Promise<Snapshot> {
  const s = await snapshotOf('gpu-no-driver');
  s.os.id = { value: id, source: 'file:/etc/os-release' };
  s.os.versionId = { value: version, source: 'file:/etc/os-release' };
  s.os.wsl = { value: false, source: 'file:/proc/version' };
  s.os.container = { value: null, source: 'file:/.dockerenv' };
  return s;
}

describe('SUSE packages', () => {
  it('the proprietary module is the DKMS package nvidia-driver-G06; no G07 proprietary command', async () => {
    const s = await on('sles', '15.6');
    expect(proprietaryModuleLines(s, '580')).toEqual(['sudo zypper install -y nvidia-driver-G06']);
    const g07 = proprietaryModuleLines(s, '590');
    expect(g07).toHaveLength(1);
    expect(g07[0]).toMatch(/^# SUSE: no proprietary kernel module package of the 590 branch/);
    expect(g07.join('\n')).not.toMatch(/nvidia-driver-G07/);
  });
});

describe('Fabric Manager package', () => {
  it('dnf: nvidia-fabric-manager of the driver version', async () => {
    expect(fabricManagerInstall(await on('rhel', '9.4'), '570.124.06')).toBe('sudo dnf install -y nvidia-fabric-manager-570.124.06');
  });
  it('zypper: the unconfirmed package name is an instruction, not a command', async () => {
    const line = fabricManagerInstall(await on('sles', '15.6'), '570.124.06');
    expect(line).toMatch(/^# SUSE: the Fabric Manager package name .* not confirmed/);
    expect(line).toContain('570.124.06');
  });
  it('apt: nvidia-fabricmanager-<branch> before 590', async () => {
    expect(fabricManagerInstall(await on('ubuntu', '22.04'), '570.124.06')).toBe('sudo apt-get install -y nvidia-fabricmanager-570=570.124.06-*');
  });
});
