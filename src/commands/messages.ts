// The one catalogue of src/commands/ (en, zh-CN): each file of messages/ is a section, a typed table, and a key is
// `<section>.<key>`, e.g. msg('archList.noGpu'). A sentence goes into the section of its family; zh-CN is required by the type.
import { defineCatalogue } from '../i18n/index.js';
import { archList } from './messages/arch-list.js';
import { cli } from './messages/cli.js';
import { compat } from './messages/compat.js';
import { cuda } from './messages/cuda.js';
import { explain } from './messages/explain.js';
import { exportSection } from './messages/export.js';
import { plan } from './messages/plan.js';
import { vram } from './messages/vram.js';

export const msg = defineCatalogue({ archList, cli, compat, cuda, explain, export: exportSection, plan, vram });
