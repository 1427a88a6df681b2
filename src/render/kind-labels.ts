// How a toolkit was installed, where a library copy came from and which probe failed, in the reader's language.
// The Snapshot keeps the codes (scripts read them); only what a person reads is translated, in one place.
import { NATIVE_PROBE, type LibraryCopy, type LibraryResolution, type Toolkit } from '../snapshot/types.js';
import { msg } from './messages.js';

export const installKindLabel = (kind: Toolkit['installKind']): string => msg(`kind.${kind}`);

export const libraryOriginLabel = (origin: LibraryCopy['origin']): string => msg(`origin.${origin}`);

/** A probe's name as shown: the native probe's is a description, every other one is the command it ran. */
export const probeLabel = (name: string): string => (name === NATIVE_PROBE ? msg('probe.native') : name);

/** How the loader found a library (rpath, LD_LIBRARY_PATH, preloaded by the framework …). */
export const loadViaLabel = (via: LibraryResolution['via'] | 'wheel' | 'copy'): string => msg(`via.${via}`);
