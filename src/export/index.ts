// The export kinds and the one function that renders any of them.
import { renderCompose, type ComposeOptions } from './compose.js';
import { renderConda } from './conda.js';
import { renderDevcontainer } from './devcontainer.js';
import { renderDockerfile, type DockerOptions } from './dockerfile.js';
import type { ExportMeta } from './header.js';
import { renderRequirements } from './requirements.js';
import { assertSafeTarget } from './safe.js';
import type { ExportTarget } from './target.js';

export const EXPORT_KINDS = ['requirements', 'conda', 'dockerfile', 'compose', 'devcontainer'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Where `-o` is usually pointed, for help and examples. */
export const DEFAULT_FILES: Record<ExportKind, string> = {
  requirements: 'requirements.txt',
  conda: 'environment.yml',
  dockerfile: 'Dockerfile',
  compose: 'compose.yaml',
  devcontainer: '.devcontainer/devcontainer.json',
};

export function isExportKind(s: string): s is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(s);
}

export type RenderOptions = DockerOptions & ComposeOptions;

export function renderExport(kind: ExportKind, target: ExportTarget, meta: ExportMeta, options: RenderOptions = {}): string {
  assertSafeTarget(target, meta, options);
  switch (kind) {
    case 'requirements':
      return renderRequirements(target, meta);
    case 'conda':
      return renderConda(target, meta);
    case 'dockerfile':
      return renderDockerfile(target, meta, options);
    case 'compose':
      return renderCompose(target, meta, options);
    case 'devcontainer':
      return renderDevcontainer(target, meta);
  }
}
